"""As peças dos documentos do procedimento ambiental (Lei 9.966/2000; NORMAM-401 cap. 1; antes
de 01/12/2023, NORMAM-07 cap. 4), lidas do que os atos gravaram: o incidente e o enquadramento
da lavratura, o LTA, a valoração da multa de cada decisão.

`montagem_documentos` monta os `DadosDocumento` e chama estas funções quando o quadro do regime
tem os atos do procedimento ambiental (marcas `lavra_auto_poluicao`, `registra_laudo`,
`impoe_multa_poluicao`). Nada aqui lista tipos de ato, estados ou etapas de prazo, nem calcula
data ou valor: os textos legais vêm dos dados citados (poluicao.yaml, prazos.yaml,
instancias.yaml, o quadro), os números e as datas do que os atos gravaram.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol import formatos
from farol.domain.procedimento.carregar import carregar_regime
from farol.domain.procedimento.historico import regra_do_pagamento
from farol.domain.procedimento.maquina import Maquina
from farol.normas.citacao import Citacao, registro_normas
from farol.normas.poluicao import dados_poluicao
from farol.normas.prazos import exige_deposito_previo, regra_prazo
from farol.normas.transicao import transicao
from farol.pdf import dados as d
from farol.services import poluicao
from farol.store.orm import Ato, Processo
from farol.store.repositorio import vigentes


def e_poluicao(maquina: Maquina) -> bool:
    """Se o quadro do regime tem a lavratura do Auto de Infração por poluição."""
    return bool(maquina.tipos_com("lavra_auto_poluicao"))


# --- a norma do rito e as citações --------------------------------------------------------------


def norma_do_rito(regime: str, data: dt.date) -> str | None:
    """A norma do rito do regime em vigor na `data` (dados/transicao.yaml, `mudancas`)."""
    return transicao().norma_do_rito(regime, data)


def do_rito(citacoes: Iterable[Citacao], regime: str, data: dt.date) -> tuple[Citacao, ...]:
    """Das citações, as da norma do rito em vigor na `data`; as de outras normas (leis,
    súmulas) ficam todas."""
    normas = {n for m in transicao().mudancas_do_regime(regime) for n in (m.anterior, m.nova)}
    vigente = norma_do_rito(regime, data)
    return tuple(c for c in citacoes if c.norma not in normas or c.norma == vigente)


def fundamentos(citacoes: Iterable[Citacao]) -> tuple[d.Fundamento, ...]:
    """Cada dispositivo uma vez (a primeira citação dele), com o texto literal."""
    vistos: dict[str, d.Fundamento] = {}
    for c in citacoes:
        vistos.setdefault(c.referencia(), d.Fundamento(referencia=c.referencia(), texto=c.texto))
    return tuple(vistos.values())


def fontes_do_prazo(regime: str, etapa: str, inicio: dt.date) -> tuple[Citacao, ...]:
    """A fonte da versão do prazo em vigor no `inicio` e as citações adicionais dela."""
    versao, valor = regra_prazo(regime, etapa).vigente(inicio, campo="data")
    return (versao.fonte, *valor.adicionais)


def fontes_do_ato(maquina: Maquina, tipo_ato: str) -> tuple[Citacao, ...]:
    """As citações da transição do ato no quadro."""
    return tuple(c for t in maquina.transicoes if t.tipo_ato == tipo_ato for c in t.fontes)


def modelo_do_ato(maquina: Maquina, ato: Ato) -> str:
    """O subtítulo do documento que materializa o ato: as citações da transição na norma do
    rito em vigor na data do ato (ou, sem nenhuma dela, as do procedimento)."""
    fontes = do_rito(fontes_do_ato(maquina, ato.tipo), maquina.regime, ato.data_ato) or do_rito(
        maquina.quadro.fontes, maquina.regime, ato.data_ato
    )
    return "; ".join(dict.fromkeys(c.referencia() for c in fontes))


# --- o auto ------------------------------------------------------------------------------------


def fato(ato: Ato, origem: Processo | None = None) -> d.Fato:
    """Os fatos como o autuante os registrou na lavratura: data, local e a descrição digitada;
    no auto que a conclusão de outro procedimento lavrou (`origem`: a apuração, o inquérito),
    onde a infração se constatou e a fundamentação gravada no auto (como a Notificação da
    LESTA aberta por eles)."""
    dados = ato.payload or {}
    descricao = str(dados["descricao"])
    if origem is not None:
        fundamentacao = dados.get("fundamentacao")
        descricao += (
            f" Constatada em {carregar_regime(origem.regime).nome}, processo {origem.numero}"
            + (f": {fundamentacao}" if fundamentacao else ".")
        )
    return d.Fato(data=poluicao.data_do_fato(ato), local=dados.get("local"), descricao=descricao)


def incidente(p: Processo, ato: Ato) -> d.Incidente:
    dados = ato.payload or {}
    volume = dados.get("volume_estimado_litros")
    return d.Incidente(
        substancia=str(dados["substancia"]),
        volume_estimado_litros=Decimal(str(volume)) if volume is not None else None,
        norma=norma_do_rito(p.regime, ato.data_ato),
    )


def infracao(ato: Ato) -> d.Infracao:
    """A infração e o enquadramento que a lavratura gravou (`infracao`, `infracao_descricao`,
    `enquadramento`), com o texto literal e a faixa do grupo da versão em vigor no fato
    (poluicao.yaml): a mesma citação que deu o enquadramento gravado."""
    dados = ato.payload or {}
    codigo, registro, versao = poluicao.enquadramento(ato)
    faixa = versao.valor
    assert faixa is not None
    enquadramento = str(dados.get("enquadramento") or versao.fonte.referencia())
    mesma = enquadramento == versao.fonte.referencia()
    return d.Infracao(
        codigo=codigo,
        norma=registro_normas()[versao.fonte.norma].titulo if mesma else "Enquadramento",
        dispositivo=versao.fonte.dispositivo if mesma else enquadramento,
        texto=versao.fonte.texto,
        penalidade=poluicao.penalidade_texto(registro, faixa),
        rubrica=str(dados.get("infracao_descricao") or registro.descricao),
    )


def infracoes(s: Session, p: Processo) -> tuple[d.Infracao, ...]:
    ato = poluicao.lavratura(s, p)
    return (infracao(ato),) if ato is not None else ()


def efeito_do_recurso(regime: str, data: dt.date) -> str | None:
    """O recurso e o pagamento no procedimento ambiental, com os fundamentos
    (`historico.regra_do_pagamento`, a mesma regra da página e da consulta pública). None se o
    regime não tem a notificação para pagamento."""
    e = regra_do_pagamento(carregar_regime(regime), data)
    return None if e is None else f"{e.texto} ({e.fundamento})"


def fundamento_do_recurso(regime: str, data: dt.date) -> tuple[Citacao, ...]:
    return (exige_deposito_previo(regime, data).fonte,)


# --- o LTA -------------------------------------------------------------------------------------


def laudo_da_ciencia(s: Session, p: Processo, ciencia: Ato) -> Ato | None:
    """O último LTA registrado antes da ciência (marca `registra_laudo`)."""
    tipos = carregar_regime(p.regime).tipos_com("registra_laudo")
    return s.execute(
        select(Ato)
        .where(Ato.processo_id == p.id, Ato.tipo.in_(tipos), Ato.seq < ciencia.seq)
        .order_by(Ato.seq.desc())
        .limit(1)
    ).scalar_one_or_none()


def laudo(registro: Ato, ciencia: Ato | None) -> d.Laudo:
    """O LTA como o ato de registro o gravou, com a ciência do infrator."""
    dados = registro.payload or {}
    quesitos = dados_poluicao().acao_resposta.quesitos
    pontos: dict[str, int] = dict(dados.get("acao_resposta") or {})
    return d.Laudo(
        numero=str(dados["numero"]),
        elaborado_em=dt.date.fromisoformat(str(dados["elaborado_em"])),
        recebido_em=registro.data_ato,
        signatario=str(dados["signatario"]),
        volume_litros=Decimal(str(dados["volume_litros"])),
        persistencia_grupo=int(dados["persistencia_grupo"]),
        sensibilidade=str(dados["sensibilidade"]),
        carta_sao=dados.get("carta_sao"),
        acao_resposta=tuple(
            d.Pontuacao(quesito=quesitos.get(q, q), pontos=v) for q, v in pontos.items()
        ),
        acao_resposta_soma=int(dados.get("acao_resposta_soma", sum(pontos.values()))),
        nivel_impacto=int(dados["nivel_impacto"]),
        nivel_impacto_nome=str(
            dados.get("nivel_impacto_nome")
            or dados_poluicao().niveis_impacto.niveis[int(dados["nivel_impacto"])]
        ),
        conclusao=dados.get("texto"),
        ciencia=ciencia.data_ato if ciencia else None,
        meio_ciencia=(ciencia.payload or {}).get("meio") if ciencia else None,
        fundamentos=tuple(dados.get("fundamentos_laudo") or ()),
    )


# --- a multa: penalidades e valoração ----------------------------------------------------------

_BASE_DA_SITUACAO = {
    "juridica": "receita bruta anual (pessoa jurídica)",
    "fisica": "rendimento anual (pessoa física)",
}


def ato_da_multa(s: Session, p: Processo) -> Ato | None:
    """A decisão que fixou a multa em vigor (a última que a fixou; nenhuma se foi afastada)."""
    multas = vigentes(s, p)
    return s.get(Ato, multas[0].ato_id) if multas else None


def _valoracao_gravada(ato: Ato | None) -> dict[str, Any] | None:
    v = (ato.payload or {}).get("valoracao") if ato is not None else None
    return v if isinstance(v, dict) else None


def penalidades(s: Session, p: Processo, ato: Ato | None = None) -> tuple[d.Penalidade, ...]:
    """As multas em vigor (logo depois do `ato`, se dado), com o fundamento que a decisão
    gravou (faixa, reincidência, situação econômica)."""
    saida = []
    for x in vigentes(s, p, ato):
        v = _valoracao_gravada(s.get(Ato, x.ato_id)) or {}
        registro = dados_poluicao().infracoes.get(x.infracao)
        descricao = f"multa do Grupo {registro.grupo}" if registro else "multa"
        if x.multiplicador > 1:
            descricao += f", multiplicada por {x.multiplicador} pela reincidência"
        saida.append(
            d.Penalidade(
                descricao=descricao,
                fundamento="; ".join(v.get("fundamentos") or ()) or "—",
                codigo_infracao=x.infracao,
                valor=x.multa,
            )
        )
    return tuple(saida)


def _nome_da_decisao(maquina: Maquina, ato: Ato, numero: str) -> str:
    """'Julgamento — auto procedente, de 22/10/2026 (decisão nº ...)': o nome do ato no quadro
    sem o parêntese que o explica ('(multa fixada)'), que o documento já diz ao lado."""
    nome = maquina.nome_do_ato(ato.tipo).split(" (", 1)[0]
    return f"{nome}, de {formatos.data(ato.data_ato)} (decisão nº {numero})"


def valoracao(
    s: Session, p: Processo, ato: Ato, numero_de: Callable[[Ato], str]
) -> d.Valoracao | None:
    """Os parâmetros da multa: os que o próprio `ato` gravou (`payload["valoracao"]`) ou, se
    ele não fixou multa (recurso não provido), os da decisão que fixou a multa em vigor.
    `numero_de(ato)`: o número do documento da decisão. None se não há valoração."""
    fixou = ato if _valoracao_gravada(ato) else ato_da_multa(s, p)
    v = _valoracao_gravada(fixou)
    if fixou is None or v is None:
        return None
    registro = dados_poluicao().infracoes.get(str(v.get("infracao")))
    reinc = v.get("reincidencia") or {}
    sei = v.get("situacao_economica")
    laudo_ = v.get("laudo") or {}
    return d.Valoracao(
        decisao=_nome_da_decisao(carregar_regime(p.regime), fixou, numero_de(fixou)),
        mantida=fixou.id != ato.id,
        multa_base=Decimal(str(v["multa_base"])),
        fator_reincidencia=int(v["fator_reincidencia"]),
        multa=Decimal(str(v["multa"])),
        grupo=registro.grupo if registro else None,
        faixa_minimo=Decimal(str(v["faixa"]["minimo"])),
        faixa_maximo=Decimal(str(v["faixa"]["maximo"])),
        reincidencia_desde=dt.date.fromisoformat(reinc["desde"]) if reinc.get("desde") else None,
        anteriores=tuple(
            d.ProcessoAnterior(
                numero=str(a["numero"]), data_fato=dt.date.fromisoformat(str(a["data_fato"]))
            )
            for a in reinc.get("anteriores") or ()
        ),
        reincidencia_fundamento=str(reinc.get("fundamento") or "—"),
        situacao_economica=None
        if not sei
        else d.SituacaoEconomica(
            base=_BASE_DA_SITUACAO.get(str(sei.get("tipo")), "valor anual"),
            valor_anual=Decimal(str(sei["valor_anual"])),
            fonte=str(sei.get("fonte") or "—"),
            classe=str(sei.get("nome") or sei.get("classe")),
            fundamento=str(sei.get("fundamento") or "—"),
        ),
        laudo_numero=laudo_.get("numero"),
        nivel_impacto=laudo_.get("nivel_impacto"),
        nivel_impacto_nome=laudo_.get("nivel_impacto_nome"),
        fundamentos=tuple(str(f) for f in v.get("fundamentos") or ()),
    )
