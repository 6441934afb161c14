"""Os atos próprios do procedimento ambiental (regime `poluicao`): o auto, o LTA, a decisão
que valora a multa e a retenção CLC-69. Chamados por `processos.registrar_ato` pelo modelo dos
dados do ato (as marcas do quadro escolhem o modelo); nada aqui lista tipos de ato ou estados.

A valoração: a autoridade fixa a multa-base à vista do LTA e da situação econômica; o Farol
classifica a situação econômica pelos limites em vigor, conta a reincidência no histórico do
infrator (outro processo de poluição com multa em vigor, fato há menos de 36 meses), aplica o
triplo e confere o resultado contra a faixa do Grupo E. O ato guarda os parâmetros
considerados, com o fundamento de cada um (docs/poluicao.md).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol import formatos
from farol.domain.procedimento.carregar import carregar_regime
from farol.erros import EntradaInvalida
from farol.normas.citacao import Versao
from farol.normas.citacoes import citacao
from farol.normas.poluicao import Faixa, InfracaoPoluicao, dados_poluicao
from farol.rules import poluicao as regras
from farol.services.comandos import (
    DadosAutoPoluicao,
    DadosDecisaoPoluicao,
    DadosLaudo,
    DadosLiberacao,
    DadosRetencao,
    NovoAto,
)
from farol.store import repositorio
from farol.store.numeracao import AUTO_DE_INFRACAO, numero_oficial, proximo_numero
from farol.store.orm import OM, Ato, AutoDeInfracao, Penalidade, Pessoa, Processo


def _infracao(codigo: str | None, campo: str) -> str:
    conhecidas = dados_poluicao().infracoes
    if codigo is None:
        if len(conhecidas) == 1:
            return next(iter(conhecidas))
        raise EntradaInvalida(
            f"informe a infração ({', '.join(conhecidas)})", campo=campo
        )  # pragma: no cover - só há uma registrada
    if codigo not in conhecidas:
        raise EntradaInvalida(
            f"infração de poluição desconhecida: {formatos.citado(codigo)}; conhecidas: "
            + ", ".join(conhecidas),
            campo=campo,
        )
    return codigo


# --- o auto -----------------------------------------------------------------------------------


def conferir_infracao(codigo: str | None, fato: dt.date, *, campo: str) -> str:
    """O código da infração de poluição (a única registrada, se omitido), conhecida e com a
    faixa de multa em vigor no fato (antes do Decreto 4.136/2002: recusa)."""
    infracao = _infracao(codigo, campo)
    dados_poluicao().infracoes[infracao].faixa.versao_em(fato, campo=campo)
    return infracao


def preparar_auto(
    s: Session, p: Processo, cmd: NovoAto, dados: DadosAutoPoluicao, payload: dict[str, Any]
) -> dict[str, Any]:
    """Confere a infração e a sua faixa na data do fato e numera o auto."""
    infracao = _infracao(dados.infracao, "dados.infracao")
    fato = dados.data_fato or cmd.data_ato
    registro = dados_poluicao().infracoes[infracao]
    registro.faixa.versao_em(fato, campo="data_fato")  # fato antes do Decreto 4.136: recusa
    payload["infracao"] = infracao
    payload["infracao_descricao"] = registro.descricao
    payload["enquadramento"] = registro.faixa.versao_em(fato).fonte.referencia()
    om = s.get(OM, p.om_id)
    assert om is not None
    seq = proximo_numero(s, om.id, cmd.data_ato.year, AUTO_DE_INFRACAO)
    numero = numero_oficial(cmd.data_ato.year, om.sigla, seq)
    payload["numero_auto"] = numero
    return {"auto": {"numero": numero, "sequencial": seq}}


def gravar_auto(s: Session, p: Processo, cmd: NovoAto, efeitos: dict[str, Any]) -> None:
    s.add(
        AutoDeInfracao(
            processo_id=p.id,
            om_id=p.om_id,
            ano=cmd.data_ato.year,
            sequencial=efeitos["auto"]["sequencial"],
            numero=efeitos["auto"]["numero"],
            lavrado_em=cmd.data_ato,
        )
    )


def lavratura(s: Session, p: Processo) -> Ato | None:
    """O ato que lavrou o Auto de Infração por poluição (marca `lavra_auto_poluicao`)."""
    tipos = carregar_regime(p.regime).tipos_com("lavra_auto_poluicao")
    if not tipos:
        return None
    return s.execute(
        select(Ato)
        .where(Ato.processo_id == p.id, Ato.tipo.in_(tipos))
        .order_by(Ato.seq.desc())
        .limit(1)
    ).scalar_one_or_none()


def data_do_fato(ato: Ato) -> dt.date:
    """A data do fato que a lavratura gravou (ou a dela)."""
    registrada = (ato.payload or {}).get("data_fato")
    return dt.date.fromisoformat(str(registrada)) if registrada else ato.data_ato


def enquadramento(ato: Ato) -> tuple[str, InfracaoPoluicao, Versao[Faixa]]:
    """O código da infração que a lavratura gravou, o seu registro em poluicao.yaml e a versão
    da faixa em vigor no fato."""
    codigo = str((ato.payload or {})["infracao"])
    registro = dados_poluicao().infracoes[codigo]
    return codigo, registro, registro.faixa.versao_em(data_do_fato(ato))


def penalidade_texto(registro: InfracaoPoluicao, faixa: Faixa) -> str:
    return (
        f"multa do Grupo {registro.grupo}, de {formatos.moeda(faixa.minimo)} a "
        f"{formatos.moeda(faixa.maximo)}"
    )


# --- o LTA ------------------------------------------------------------------------------------


def conferir_laudo(cmd: NovoAto, dados: DadosLaudo, payload: dict[str, Any]) -> None:
    """Os parâmetros do LTA contra os dados da norma: grupo de persistência, quesitos da ação
    de resposta (todos, e só eles), nível 1 a 5; a data do laudo não passa a do registro."""
    d = dados_poluicao()
    if dados.elaborado_em > cmd.data_ato:
        raise EntradaInvalida(
            f"o LTA elaborado em {formatos.data(dados.elaborado_em)} é posterior ao registro "
            f"({formatos.data(cmd.data_ato)})",
            campo="dados.elaborado_em",
        )
    if dados.persistencia_grupo not in d.persistencia.grupos:
        raise EntradaInvalida(
            f"grupo de persistência {dados.persistencia_grupo} inexistente (grupos: "
            f"{', '.join(str(g) for g in d.persistencia.grupos)})",
            campo="dados.persistencia_grupo",
            regra=d.persistencia.fonte.referencia(),
        )
    quesitos = d.acao_resposta.quesitos
    faltando = [q for q in quesitos if q not in dados.acao_resposta]
    estranhos = [q for q in dados.acao_resposta if q not in quesitos]
    if faltando or estranhos:
        raise EntradaInvalida(
            "a ação de resposta pontua cada quesito da norma: "
            + formatos.com_nomes(quesitos.items(), "; ")
            + (f" — faltam: {', '.join(faltando)}" if faltando else "")
            + (f" — desconhecidos: {', '.join(estranhos)}" if estranhos else ""),
            campo="dados.acao_resposta",
            regra=d.acao_resposta.fonte.referencia(),
        )
    negativos = [q for q, v in dados.acao_resposta.items() if v < 0]
    if negativos:
        raise EntradaInvalida(
            f"pontuação negativa em {', '.join(negativos)}", campo="dados.acao_resposta"
        )
    payload["nivel_impacto_nome"] = d.niveis_impacto.niveis[dados.nivel_impacto]
    payload["acao_resposta_soma"] = sum(dados.acao_resposta.values())
    payload["fundamentos_laudo"] = [
        d.niveis_impacto.fonte.referencia(),
        d.persistencia.fonte.referencia(),
        d.sensibilidade.fonte.referencia(),
        d.acao_resposta.fonte.referencia(),
    ]


def ultimo_laudo(s: Session, p: Processo) -> dict[str, Any] | None:
    """Os dados do último LTA registrado no processo (ato com a marca `registra_laudo`)."""
    maquina = carregar_regime(p.regime)
    tipos = maquina.tipos_com("registra_laudo")
    laudos = [dados for tipo, dados in repositorio.historico(s, p) if tipo in tipos]
    return laudos[-1] if laudos else None


# --- a decisão que valora a multa -------------------------------------------------------------


def anteriores(s: Session, p: Processo) -> list[regras.Anterior]:
    """Os outros processos de poluição do mesmo infrator com multa em vigor."""
    outros = s.execute(
        select(Processo)
        .join(Penalidade, Penalidade.processo_id == Processo.id)
        .where(
            Processo.autuado_id == p.autuado_id,
            Processo.id != p.id,
            Processo.regime == p.regime,
        )
        .distinct()
    ).scalars()
    return [
        regras.Anterior(outro.numero, repositorio.data_do_fato(s, outro))
        for outro in outros
        if any(x.multa for x in repositorio.vigentes(s, outro))
    ]


def anteriores_da_decisao_recorrida(s: Session, p: Processo) -> frozenset[str]:
    """Os números dos processos que a decisão recorrida contou para a reincidência (a sua
    `valoracao.reincidencia.anteriores`). A decisão do recurso não reconta a reincidência com
    processo julgado depois da decisão recorrida: só os que ela contou, se ainda com multa em
    vigor (Lei 9.784/1999 art. 64, parágrafo único; como na LESTA, `validar_decisao` com
    `veda_agravamento`; docs/interpretacoes.md)."""
    numeros: set[str] = set()
    for pen in repositorio.vigentes(s, p):
        ato = s.get(Ato, pen.ato_id)
        valoracao = (ato.payload or {}).get("valoracao") if ato is not None else None
        reinc = (valoracao or {}).get("reincidencia") or {}
        numeros.update(str(a["numero"]) for a in reinc.get("anteriores") or [])
    return frozenset(numeros)


def _situacao_economica(
    s: Session, p: Processo, cmd: NovoAto, dados: DadosDecisaoPoluicao
) -> dict[str, str] | None:
    """A classe do infrator pelo valor informado e o tipo de pessoa registrado; None quando a
    norma em vigor na decisão não considera a situação econômica (NORMAM-07)."""
    if not regras.situacao_economica_em_vigor(cmd.data_ato):
        return None
    informada = dados.situacao_economica
    if informada is None:
        raise EntradaInvalida(
            "informe a receita bruta anual (pessoa jurídica) ou o rendimento anual (pessoa "
            "física) do infrator: a multa considera a sua situação econômica",
            campo="dados.situacao_economica",
            regra=regras.fundamento_da_situacao_economica(cmd.data_ato),
        )
    autuado = s.get(Pessoa, p.autuado_id)
    assert autuado is not None
    tipo: regras.TipoPessoa = "juridica" if autuado.tipo == "juridica" else "fisica"
    sei = regras.classificar_situacao_economica(
        tipo, informada.valor_anual, cmd.data_ato, campo="dados.situacao_economica.valor_anual"
    )
    return {
        "tipo": tipo,
        "valor_anual": f"{informada.valor_anual:.2f}",
        "fonte": informada.fonte,
        "classe": sei.classe,
        "nome": sei.nome,
        "fundamento": sei.fundamento,
    }


def valorar_decisao(
    s: Session,
    p: Processo,
    cmd: NovoAto,
    dados: DadosDecisaoPoluicao,
    payload: dict[str, Any],
) -> dict[str, Any]:
    fato = repositorio.data_do_fato(s, p)
    laudo = ultimo_laudo(s, p)
    if laudo is None:
        raise EntradaInvalida(
            "a multa se valora à vista do Laudo Técnico Ambiental, que ainda não foi registrado",
            campo="tipo",
            regra=carregar_regime(p.regime).marca("registra_laudo").fontes[-1].referencia(),
        )
    infracao = _infracao(dados.infracao, "dados.infracao")
    sei = _situacao_economica(s, p, cmd, dados)
    maquina = carregar_regime(p.regime)
    recurso = maquina.tem_marca(cmd.tipo, "veda_agravamento")
    contados = anteriores(s, p)
    if recurso:  # só os que a decisão recorrida contou (processo julgado depois não entra)
        recorrida = anteriores_da_decisao_recorrida(s, p)
        contados = [a for a in contados if a.numero in recorrida]
    reinc = regras.reincidencia(fato, contados)
    valoracao = regras.valorar(infracao, fato, dados.multa_base, reinc, campo="dados.multa_base")
    if recurso:
        anterior = repositorio.total_multas(s, p)
        if valoracao.multa == anterior:  # Lei 9.784/1999 art. 64: modifica em parte
            raise EntradaInvalida(
                f"o provimento parcial do recurso modifica a decisão em parte, mas a multa é a "
                f"mesma de antes ({formatos.moeda(anterior)}): se o recurso não foi provido, "
                "registre o recurso não provido",
                campo="dados.multa_base",
                regra=citacao("provimento_parcial").referencia(),
            )
        if valoracao.multa > anterior:
            raise EntradaInvalida(
                f"o provimento parcial do recurso não pode agravar a multa (anterior: "
                f"{formatos.moeda(anterior)}; nova: {formatos.moeda(valoracao.multa)})",
                campo="dados.multa_base",
                regra=maquina.marca("veda_agravamento").fontes[0].referencia(),
            )
    fundamentos = [*valoracao.fundamentos, *([sei["fundamento"]] if sei else [])]
    resultado = {
        "infracao": infracao,
        "multa_base": f"{valoracao.multa_base:.2f}",
        "fator_reincidencia": valoracao.fator,
        "multa": f"{valoracao.multa:.2f}",
        "faixa": {"minimo": f"{valoracao.minimo:.2f}", "maximo": f"{valoracao.maximo:.2f}"},
        "situacao_economica": sei,
        "reincidencia": {
            "reincidente": valoracao.fator > 1,
            "desde": reinc.desde.isoformat(),
            "anteriores": [
                {"numero": a.numero, "data_fato": a.data_fato.isoformat()} for a in reinc.anteriores
            ],
            "fundamento": reinc.fundamento,
        },
        "laudo": {
            "numero": laudo.get("numero"),
            "nivel_impacto": laudo.get("nivel_impacto"),
            "nivel_impacto_nome": laudo.get("nivel_impacto_nome"),
            "volume_litros": laudo.get("volume_litros"),
            "persistencia_grupo": laudo.get("persistencia_grupo"),
            "sensibilidade": laudo.get("sensibilidade"),
            "acao_resposta_soma": laudo.get("acao_resposta_soma"),
        },
        "fundamentos": fundamentos,
    }
    payload["valoracao"] = resultado
    return {"valoracao": resultado}


def gravar_decisao(
    s: Session, p: Processo, ato_id: int, efeitos: dict[str, Any], justificativa: str
) -> None:
    v = efeitos["valoracao"]
    s.add(
        Penalidade(
            processo_id=p.id,
            ato_id=ato_id,
            infracao=v["infracao"],
            autor_id=p.autuado_id,
            multa=Decimal(v["multa"]),
            suspensao_dias=None,
            cancelamento=False,
            multiplicador=v["fator_reincidencia"],
            justificativa=justificativa,
            acessorias=[],
        )
    )


# --- retenção CLC-69 --------------------------------------------------------------------------


def conferir_retencao(
    p: Processo, cmd: NovoAto, dados: DadosRetencao, payload: dict[str, Any]
) -> None:
    clc = dados_poluicao().retencao_clc
    versao = clc.toneladas_minimas.versao_em(cmd.data_ato, campo="data_ato")
    minimo = versao.valor
    assert minimo is not None
    if p.embarcacao_id is None:
        raise EntradaInvalida(
            "o processo não tem embarcação registrada: a retenção é do navio",
            campo="embarcacao",
        )
    if dados.toneladas_oleo_granel <= minimo:
        raise EntradaInvalida(
            f"a exigência do Certificado de Garantia Financeira é para navio que transporte "
            f"mais de {minimo} toneladas de óleo a granel como carga "
            f"(informado: {formatos.numero(dados.toneladas_oleo_granel)} t)",
            campo="dados.toneladas_oleo_granel",
            regra=versao.fonte.referencia(),
        )
    payload["fundamentos"] = [versao.fonte.referencia(), clc.retencao.referencia()]


def conferir_liberacao(dados: DadosLiberacao, payload: dict[str, Any]) -> None:
    clc = dados_poluicao().retencao_clc
    if dados.liberacao not in clc.liberacao:
        raise EntradaInvalida(
            f"forma de liberação desconhecida: {formatos.citado(dados.liberacao)}; formas: "
            + formatos.com_nomes(((k, v.nome) for k, v in clc.liberacao.items()), "; "),
            campo="dados.liberacao",
            regra=clc.retencao.referencia(),
        )
    forma = clc.liberacao[dados.liberacao]
    if forma.exige_valor and dados.valor_caucao is None:
        raise EntradaInvalida(
            f"informe o valor da {forma.nome}",
            campo="dados.valor_caucao",
            regra=clc.retencao.referencia(),
        )
    if not forma.exige_valor and dados.valor_caucao is not None:
        raise EntradaInvalida(
            f"a liberação por {forma.nome} não tem valor depositado", campo="dados.valor_caucao"
        )
    payload["liberacao_nome"] = forma.nome
    payload["fundamentos"] = [clc.retencao.referencia()]
