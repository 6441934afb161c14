"""Montagem dos dados de cada documento oficial a partir do que está gravado no processo.

`montar` lê o processo (partes, embarcação, fato, infrações, prazos, penalidades, decisões)
e devolve os `DadosDocumento` do tipo pedido. Recusa, dizendo o que falta, quando o ato que o
documento materializa ainda não existe. Nenhuma data é calculada aqui à parte: os prazos vêm
dos gravados ou do motor de prazos. Os documentos do processo de custódia (regime `custodia`)
se montam dos atos dele, em `montagem_custodia`.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from farol import formatos
from farol.domain.cpf_cnpj import formatar_documento, mascarar_documento, tipo_de_pessoa
from farol.domain.papeis import nome_do_papel
from farol.domain.procedimento.carregar import carregar_regime
from farol.domain.procedimento.guardas import avaliar_guarda
from farol.domain.procedimento.historico import efeito_do_recurso, fatos_do_recurso
from farol.domain.procedimento.maquina import Maquina
from farol.erros import Conflito, EntradaInvalida, ErroFarol, ForaDeVigencia, NaoEncontrado
from farol.normas.atos_do_sistema import atos_do_sistema
from farol.normas.citacao import registro_normas
from farol.normas.citacoes import citacao, referencias
from farol.normas.comunicacao import comunicacao
from farol.normas.infracoes import catalogo
from farol.normas.prazos import (
    DO_INTERESSADO,
    Instancia,
    autoridade_recurso,
    autoridade_ultima_instancia,
    catalogo_prazos,
)
from farol.pdf import dados as d
from farol.pdf.formatos import endereco_completo
from farol.relogio import hoje
from farol.rules.penalidades import calcular_penalidade
from farol.rules.prazos import calcular_prazo, prazo_a_contar
from farol.services import acordao, montagem_poluicao, procuradores
from farol.services.acordao import acordao_do_processo
from farol.services.calendario_om import calendario_da_om
from farol.services.inspecao_do_processo import constatacoes_do_autuado
from farol.services.nao_pagamento import se_nao_pagar
from farol.services.penalidades_do_processo import agravantes_do_ato
from farol.store.orm import (
    OM,
    Ato,
    AutoDeInfracao,
    Embarcacao,
    Inspecao,
    Notificacao,
    Penalidade,
    Pessoa,
    Prazo,
    Processo,
    Usuario,
)
from farol.store.repositorio import (
    AtoLido,
    ato_corrigido,
    atos_lidos,
    conversao_da_origem,
    data_do_fato,
    data_em_vigor,
    historico,
    itens_do_auto,
    total_pago,
    vigentes,
)

T = d.TipoDocumento
DOCUMENTOS_DE_DECISAO = (T.decisao_julgamento, T.decisao_recurso)
DOCUMENTOS_DE_CADA_ATO = (T.aviso_publicacao, T.notificacao_retirada, T.edital_convocacao)
"""Documentos que valem para o ato que materializam: o emitido para outro ato do mesmo tipo não
os substitui (o aviso da publicação da decisão não substitui o da publicação do auto; na
custódia, a notificação ou o edital para retirar não substitui o para sanar)."""
# Que ato cada documento materializa e que atos posteriores mudam o seu efeito estão no quadro
# de estados do regime (`documentos` e `altera_efeito_de` de cada transição).
NOMES_ETAPA = {
    "comparecimento": "Comparecimento para prestar esclarecimentos",
    "defesa": "Apresentação de defesa",
    "julgamento": "Julgamento",
    "pagamento": "Pagamento da multa",
    "recurso": "Recurso em 1ª instância",
    "recurso_final": "Recurso em última instância",
    "acessoria": "Cumprimento da penalidade acessória",
}


def atos_do_documento(p: Processo, tipo: d.TipoDocumento) -> tuple[str, ...]:
    """Os tipos de ato que o documento materializa, no quadro do regime do processo."""
    return carregar_regime(p.regime).tipos_que_materializam(tipo.value)


def materializa(
    maquina: Maquina, tipo: d.TipoDocumento, tipo_ato: str, dados: dict[str, Any] | None
) -> bool:
    """Se o ato (o tipo e os dados gravados) é um que o documento materializa: o quadro do
    regime dá o documento ao tipo do ato (`documentos` da transição); o aviso de publicação,
    só à ciência dada pelo meio que `comunicacao.yaml` diz ser a publicação oficial (uma ciência
    pessoal ou por AR do mesmo tipo não tem aviso); o Tipo de Lacre, só ao ato que registrou
    lacres (o recolhimento pode não ter lacrado nada)."""
    if tipo_ato not in maquina.tipos_que_materializam(tipo.value):
        return False
    if tipo == T.aviso_publicacao:
        return (dados or {}).get("meio") == comunicacao().publicacao_oficial.meio
    if tipo == T.tipo_de_lacre:
        return bool((dados or {}).get("lacres"))
    return True


def ato_do_documento(s: Session, p: Processo, tipo: d.TipoDocumento) -> Ato | None:
    """O ato que o documento materializa (`materializa`): o último do processo. Na custódia, o
    ato cujos fatos o documento declara."""
    from farol.services import montagem_custodia  # ciclo: ela usa os blocos deste módulo

    if montagem_custodia.e_custodia(p):
        return montagem_custodia.ato_do_documento(s, p, tipo)
    tipos = atos_do_documento(p, tipo)
    if not tipos:
        return None
    if tipo == T.aviso_publicacao:
        return _ciencia_por_publicacao(s, p, tipos)
    return ultimo_ato(s, p, tipos)


def ultimo_ato(s: Session, p: Processo, tipos: tuple[str, ...]) -> Ato | None:
    return s.execute(
        select(Ato)
        .where(Ato.processo_id == p.id, Ato.tipo.in_(tipos))
        .order_by(Ato.seq.desc())
        .limit(1)
    ).scalar_one_or_none()


def _om(s: Session, p: Processo) -> d.OrganizacaoMilitar:
    return _om_de(s, p.om_id)


def _om_de(s: Session, om_id: int) -> d.OrganizacaoMilitar:
    """O cabeçalho da OM `om_id`."""
    om = s.get(OM, om_id)
    assert om is not None
    superior = s.get(OM, om.superior_id) if om.superior_id else None
    return d.OrganizacaoMilitar(
        sigla=om.sigla,
        nome=om.nome,
        municipio=om.municipio,
        uf=om.uf,
        # o modelo acrescenta município e UF; sem logradouro, a linha em branco
        endereco=endereco_completo(om.endereco, om.bairro, om.cep),
        subordinacao=superior.nome if superior else None,
        telefone=om.telefone,
        email=om.email,
    )


def _autuado(s: Session, p: Processo, papel: str = "Autuado") -> d.Parte:
    """A pessoa a quem o ato se dirige; o campo da habilitação (CHA/CIR) só na pessoa física:
    a empresa notificada (CNPJ) não tem habilitação (`d.Parte.cabe_habilitacao`)."""
    pessoa = s.get(Pessoa, p.autuado_id)
    assert pessoa is not None
    return d.Parte(
        papel=papel,
        nome=pessoa.nome,
        documento=formatar_documento(pessoa.documento),
        endereco=pessoa.endereco,
        cabe_habilitacao=tipo_de_pessoa(pessoa.documento) == "fisica",
    )


def _procuradores(s: Session, p: Processo) -> tuple[d.Parte, ...]:
    """Os procuradores constituídos no processo (Norma de 2023, item 3.6.6), depois do autuado:
    o documento que comunica o ato os nomeia, e a ciência pode ser dada a eles."""
    fonte = comunicacao().procurador.fontes[0].referencia()
    return tuple(
        d.Parte(
            papel="Procurador",
            nome=x.nome,
            documento=formatar_documento(x.cpf),
            endereco=x.endereco,
            email=x.email,
            qualificacao=(f"advogado(a), OAB {x.oab}; " if x.oab else "")
            + f"constituído(a) em {formatos.data(x.constituido_em)}, com instrumento de "
            f"procuração específico ({fonte})",
        )
        for x in procuradores.do_processo(s, p.id)
    )


def _embarcacao(s: Session, p: Processo) -> d.Embarcacao | None:
    e = s.get(Embarcacao, p.embarcacao_id) if p.embarcacao_id else None
    if e is None:
        return None
    # o que o cadastro não tem fica None: o documento imprime a linha em branco
    return d.Embarcacao(
        nome=e.nome,
        inscricao=e.inscricao,
        tipo=e.tipo,
        comprimento=e.comprimento,
        propulsao=e.propulsao,
    )


def _fato(s: Session, p: Processo) -> d.Fato | None:
    insp = s.get(Inspecao, p.inspecao_id) if p.inspecao_id else None
    if insp is None:
        conversao = conversao_da_origem(s, p)
        if conversao is None:
            return None
        origem, ato = conversao
        nome = carregar_regime(origem.regime).nome
        return d.Fato(
            data=data_do_fato(s, p),
            descricao=f"Apurado em {nome}, processo {origem.numero}: "
            + str((ato.payload or {}).get("fundamentacao", "")),
        )
    # Só o que foi constatado contra o autuado (a mesma decisão que abriu o processo): a
    # Notificação do condutor não descreve a irregularidade da embarcação, que é do proprietário.
    descricoes = list(dict.fromkeys(c.descricao for c, _ in constatacoes_do_autuado(s, p)))
    situacao = "navegando" if insp.situacao == "navegando" else "atracada, fundeada ou na boia"
    return d.Fato(
        data_hora=insp.data_hora,
        local=insp.local,
        descricao=f"Em inspeção naval, embarcação {situacao}. Constatado: " + "; ".join(descricoes),
    )


def _fato_do_auto(s: Session, p: Processo, lavratura: Ato) -> d.Fato | None:
    """O fato do Auto de Infração: a "Descrição dos fatos" que a autoridade escreveu na
    lavratura (`dados.descricao`), tal como gravada; sem ela, as constatações registradas (o
    mesmo fato da Notificação). Quando e onde vêm da inspeção ou da apuração."""
    fato = _fato(s, p)
    descricao = str((lavratura.payload or {}).get("descricao") or "").strip()
    if not descricao:
        return fato
    if fato is None:
        return d.Fato(data=data_do_fato(s, p), descricao=descricao)
    return d.Fato(data_hora=fato.data_hora, data=fato.data, local=fato.local, descricao=descricao)


def _infracoes(s: Session, p: Processo) -> tuple[d.Infracao, ...]:
    cat = catalogo()
    codigos = [i.infracao for i in itens_do_auto(s, p)]
    if not codigos:  # antes do auto: as infrações da inspeção que são do autuado
        codigos = [c.infracao for c, _ in constatacoes_do_autuado(s, p)]
    if not codigos and (conversao := conversao_da_origem(s, p)) is not None:
        codigos = [str(c) for c in (conversao[1].payload or {}).get("infracoes", [])]
    if not codigos:  # Auto de Infração por poluição: a infração que a lavratura gravou
        return montagem_poluicao.infracoes(s, p)
    saida = []
    for codigo in dict.fromkeys(codigos):
        inf = cat.infracao(codigo)
        saida.append(
            d.Infracao(
                codigo=codigo,
                norma=registro_normas()[inf.fonte.norma].titulo,
                dispositivo=inf.fonte.dispositivo,
                texto=inf.fonte.texto,
                penalidade=inf.penalidade_texto,
                rubrica=inf.rubrica,
            )
        )
    return tuple(saida)


def _ultimo_prazo(s: Session, p: Processo, etapa: str) -> Prazo | None:
    return s.execute(
        select(Prazo)
        .where(Prazo.processo_id == p.id, Prazo.etapa == etapa)
        .order_by(Prazo.id.desc())
        .limit(1)
    ).scalar_one_or_none()


def _prazo(s: Session, p: Processo, etapa: str) -> d.Prazo | None:
    x = _ultimo_prazo(s, p, etapa)
    if x is None:
        return None
    return _prazo_gravado(x, f"a {x.inicio:%d/%m/%Y}")


def _nome_da_etapa(regime: str, etapa: str) -> str:
    """O nome do prazo no documento: os de `NOMES_ETAPA` (o procedimento da LESTA e a
    custódia); no procedimento ambiental, e nas etapas sem nome ali, a descrição da regra em
    prazos.yaml ("Recurso ao Diretor de Portos e Costas")."""
    try:
        poluicao = montagem_poluicao.e_poluicao(carregar_regime(regime))
    except EntradaInvalida:  # regime de prazos sem quadro (a custódia)
        poluicao = False
    if not poluicao and etapa in NOMES_ETAPA:
        return NOMES_ETAPA[etapa]
    return catalogo_prazos().nome_da_etapa(regime, etapa)


def _prazo_gravado(x: Prazo, marco: str) -> d.Prazo:
    """O prazo como o motor o gravou no processo; `marco` completa "contados do dia seguinte
    ..." (a data de início, "à publicação")."""
    return d.Prazo(
        etapa=_nome_da_etapa(x.regime, x.etapa),
        vencimento=x.vencimento,
        inicio=x.inicio,
        contagem=f"{x.dias} {_dias(x.contagem)}, contados do dia seguinte {marco}",
        fundamento="; ".join(x.fundamentos[:3]),
    )


def _prazo_previsto(
    s: Session, p: Processo, etapa: str, inicio: dt.date, *, ciencia_de: str | None = None
) -> d.Prazo:
    """Prazo ainda não aberto (ex.: defesa antes da ciência): calculado para a data dada.
    Com `ciencia_de` ("desta Notificação"), a ciência ainda não tem data: o prazo sai sem
    vencimento, "contados do dia seguinte à ciência desta Notificação"."""
    om = s.get(OM, p.om_id)
    assert om is not None
    r = calcular_prazo(etapa, inicio, regime=p.regime, calendario=calendario_da_om(s, om))
    dias = f"{r.dias} {'dias úteis' if r.contagem == 'uteis' else 'dias corridos'}"
    comum = {"etapa": _nome_da_etapa(p.regime, etapa), "fundamento": "; ".join(r.fundamentos[:3])}
    if ciencia_de is not None:
        return d.Prazo(
            **comum,
            vencimento=None,
            inicio=None,
            contagem=f"{dias}, contados do dia seguinte à ciência {ciencia_de}",
        )
    return d.Prazo(
        **comum,
        vencimento=r.vencimento,
        inicio=inicio,
        contagem=f"{dias}, contados do dia seguinte à ciência "
        f"(calculado para ciência em {formatos.data(inicio)})",
    )


def _assinatura_autoridade(s: Session, ato: Ato | None, papel: str) -> d.Assinatura:
    u = s.get(Usuario, ato.ator_id) if ato else None
    return d.Assinatura(papel=papel, nome=u.nome if u else None, data=ato.data_ato if ato else None)


def _exigir(ato: Ato | None, oque: str, falta: str) -> Ato:
    if ato is None:
        raise Conflito(f"não há {oque} neste processo: {falta}", campo="tipo")
    return ato


def _penalidades(s: Session, p: Processo, ato: Ato) -> tuple[d.Penalidade, ...]:
    """As penalidades em vigor logo depois do `ato` (a decisão impressa), não as de hoje."""
    if montagem_poluicao.e_poluicao(carregar_regime(p.regime)):  # multa valorada, sem catálogo
        return montagem_poluicao.penalidades(s, p, ato)
    cat = catalogo()
    saida = []
    decisoes: dict[int, dict[str, Any]] = {}
    faltas: dict[str, int] | None = None
    for x in vigentes(s, p, ato):
        if x.ato_id not in decisoes:  # a decisão que fixou a penalidade: as suas agravantes
            decisao = s.get(Ato, x.ato_id)
            decisoes[x.ato_id] = (decisao.payload if decisao else None) or {}
        partes = []
        faixa = None
        if x.multa is not None:
            if faltas is None:
                faltas = {i.infracao: i.faltas or 1 for i in itens_do_auto(s, p)}
            partes.append("multa")
            faixa = _faixa_da_multa(s, p, x, decisoes[x.ato_id], faltas.get(x.infracao, 1))
        if x.suspensao_dias:
            partes.append(f"suspensão do Certificado de Habilitação por {x.suspensao_dias} dias")
        if x.cancelamento:
            partes.append("cancelamento do Certificado de Habilitação")
        for a in x.acessorias or []:
            prazo = (
                f", em {a['prazo_dias']} dias contados da ciência" if a.get("prazo_dias") else ""
            )
            partes.append(f"{a['nome']}{prazo} ({a['fundamento']})")
        saida.append(
            d.Penalidade(
                descricao=" e ".join(partes) or "penalidade",
                fundamento=cat.infracao(x.infracao).fonte.referencia()
                + (
                    f"; reincidência ×{x.multiplicador} "
                    f"({cat.regras.reincidencia.fonte.referencia()})"
                    if x.multiplicador > 1
                    else ""
                ),
                codigo_infracao=x.infracao,
                valor=x.multa,
                faixa=faixa,
                agravantes=tuple(
                    f"{a['texto']} ({a['fundamento']})"
                    for a in agravantes_do_ato(decisoes[x.ato_id], x.infracao)
                ),
            )
        )
    return tuple(saida)


def _faixa_da_multa(
    s: Session, p: Processo, x: Penalidade, decisao: dict[str, Any], faltas: int
) -> str | None:
    """O grupo e os limites em que a autoridade fixou a multa ("Grupo C: de R$ 40,00 a R$
    800,00"; RLESTA art. 7º §§ 1º e 2º e Anexo II), na data do fato, com a reincidência e as
    faltas que a decisão contou. Vêm da mesma conta que validou a decisão
    (`calcular_penalidade`), com o autor e a reincidência que ela gravou; se a conta de hoje não
    reproduz o multiplicador gravado, nenhuma (o documento não afirma o que não confere)."""
    gravada: dict[str, Any] = next(
        (y for y in decisao.get("penalidades") or [] if y.get("infracao") == x.infracao), {}
    )
    try:
        r = calcular_penalidade(
            x.infracao,
            data_do_fato(s, p),
            autor=gravada.get("autor_tipo"),
            reincidencias=int(gravada.get("reincidencias") or 0),
            faltas=faltas,
        )
    except ErroFarol:
        return None
    if r.multa is None or r.grupo is None or r.multiplicador != x.multiplicador:
        return None
    vezes = f", ×{r.multiplicador} pela reincidência" if r.multiplicador > 1 else ""
    return (
        f"Grupo {r.grupo}{vezes}: de {formatos.moeda(r.multa.min)} a {formatos.moeda(r.multa.max)}"
    )


def montar(
    s: Session, p: Processo, tipo: d.TipoDocumento, verificacao: d.Verificacao,
    extras: dict[str, Any] | None = None,
) -> d.DadosDocumento:  # fmt: skip
    extras = extras or {}
    base: dict[str, Any] = {
        "tipo": tipo,
        "numero_processo": p.numero,
        "om": _om(s, p),
        "data_emissao": hoje(),
        "verificacao": verificacao,
        "embarcacao": _embarcacao(s, p),
    }
    from farol.services import montagem_custodia as custodia  # ciclo: usa os blocos daqui

    if custodia.e_custodia(p):
        return custodia.montar(s, p, tipo, base, extras)
    if tipo == T.notificacao_comparecimento:
        ato = _exigir(ultimo_ato(s, p, atos_do_documento(p, tipo)), "notificação", "")
        notif = s.execute(
            select(Notificacao).where(Notificacao.processo_id == p.id)
        ).scalar_one_or_none()
        # lavrada na OM ao concluir a apuração ou o inquérito, o prazo ainda não corre: corre
        # da ciência desta Notificação, e o documento o diz sem data (Norma de 2023 item 3.6.1)
        prazo = _prazo(s, p, "comparecimento") or _prazo_previsto(
            s, p, "comparecimento", ato.data_ato, ciencia_de="desta Notificação"
        )
        return d.DadosDocumento(
            **base,
            numero_documento=notif.numero if notif else f"{p.numero}-N",
            interessados=(_autuado(s, p, "Notificado"), *_procuradores(s, p)),
            fato=_fato(s, p),
            infracoes=_infracoes(s, p),
            prazos=(prazo,) if prazo else (),
            assinaturas=(_assinatura_autoridade(s, ato, "Agente da Autoridade Marítima"),
                         d.Assinatura(papel="Notificado")),
        )  # fmt: skip
    if tipo == T.auto_de_infracao:
        ato = _exigir(
            ultimo_ato(s, p, atos_do_documento(p, tipo)),
            "Auto de Infração lavrado",
            "o auto se emite depois da lavratura",
        )
        auto = s.execute(
            select(AutoDeInfracao).where(AutoDeInfracao.processo_id == p.id)
        ).scalar_one()
        defesa = _prazo(s, p, "defesa") or _prazo_previsto(s, p, "defesa", ato.data_ato)
        return d.DadosDocumento(
            **base,
            numero_documento=auto.numero,
            interessados=(_autuado(s, p), *_procuradores(s, p)),
            fato=_fato_do_auto(s, p, ato),
            acordao=_acordao(s, p, ato),
            autoria_mudada=_autoria_mudada(ato),
            infracoes=_infracoes(s, p),
            prazos=(defesa,),
            assinaturas=(_assinatura_autoridade(s, ato, "Autoridade Competente"),
                         d.Assinatura(papel="Autuado"),
                         d.Assinatura(papel="Testemunha 1"), d.Assinatura(papel="Testemunha 2")),
        )  # fmt: skip
    if tipo == T.auto_de_infracao_poluicao:
        return _auto_poluicao(s, p, base)
    if tipo == T.notificacao_laudo:
        return _notificacao_laudo(s, p, base)
    if tipo == T.notificacao_pagamento and montagem_poluicao.e_poluicao(carregar_regime(p.regime)):
        return _notificacao_pagamento_poluicao(s, p, base)
    if tipo in DOCUMENTOS_DE_DECISAO:
        ato = _exigir(
            ultimo_ato(s, p, atos_do_documento(p, tipo)),
            "decisão" if tipo == T.decisao_recurso else "julgamento",
            "o documento da decisão só existe depois do ato que decide",
        )
        return _decisao(s, p, tipo, ato, base)
    if tipo == T.notificacao_pagamento:
        gravado, multas = pagamento_a_notificar(s, p)
        prazo = _prazo_gravado(gravado, f"a {gravado.inicio:%d/%m/%Y}")
        return d.DadosDocumento(
            **base,
            observacoes=_segunda_via_vencida(gravado),
            numero_documento=f"{p.numero}-P",
            interessados=(_autuado(s, p), *_procuradores(s, p)),
            valores=tuple(
                d.Valor(descricao=f"Multa — {_dispositivo_da_infracao(x.infracao)}", valor=x.multa, fundamento=citacao("pagamento_multa").referencia())  # noqa: E501
                for x in multas if x.multa is not None
            ),
            prazos=(prazo,),
            efeito_do_recurso=_efeito_do_recurso(s, p),
            se_nao_pagar=se_nao_pagar(p.regime),
        )  # fmt: skip
    if tipo == T.aviso_publicacao:
        return _aviso_publicacao(s, p, base)
    raise custodia.recusa_fora_da_custodia(s, p, tipo)


def pagamento_a_notificar(s: Session, p: Processo) -> tuple[Prazo, list[Penalidade]]:
    """O prazo de pagamento em curso e as multas em vigor que a Notificação para Pagamento
    cobra (LESTA art. 32: "para pagar a multa"); a recusa (409) quando não há o que notificar:
    sem multa com prazo aberto, o prazo que não corre, a multa já paga."""
    gravado = _ultimo_prazo(s, p, "pagamento")
    multas = [x for x in vigentes(s, p) if x.multa]
    if gravado is None or not multas:
        raise Conflito(
            "não há multa com prazo de pagamento aberto: a notificação de pagamento vem "
            "depois da ciência da decisão que impõe multa",
            campo="tipo",
        )
    if gravado.encerrado_em is not None and not gravado.cumprido:
        # o efeito suspensivo do recurso encerra o prazo: notificar "a pagar até" a data
        # de um prazo que não corre contradiz o próprio documento
        encerrou = s.get(Ato, gravado.encerrado_por_ato_id)
        maquina = carregar_regime(p.regime)
        nome = f'"{maquina.nome_do_ato(encerrou.tipo)}"' if encerrou else "um ato"
        raise Conflito(
            f"o prazo de pagamento não está correndo: encerrado em "
            f"{gravado.encerrado_em:%d/%m/%Y} por {nome}; a notificação de pagamento volta "
            "a caber quando um ato reabrir o prazo (a ciência da decisão do recurso)",
            campo="tipo",
        )
    em_vigor = sum((x.multa for x in multas if x.multa is not None), Decimal("0.00"))
    pago = total_pago(s, p)
    if pago >= em_vigor:
        # paga (ou paga a maior, se o recurso reduziu a multa depois): não há o que pagar,
        # e "NOTIFICADO(A) A PAGAR" contradiz o processo (LESTA art. 32: "para pagar a multa")
        raise Conflito(
            f"a multa em vigor ({formatos.moeda(em_vigor)}) já está paga: "
            f"{formatos.moeda(pago)} em pagamentos registrados; não há o que notificar",
            campo="tipo",
        )
    return gravado, multas


def falta_o_ato(s: Session, p: Processo, tipo: d.TipoDocumento) -> str:
    """Por que o documento ainda não se emite, sem o título: o ato que ele materializa
    (`materializa`) não está registrado no processo."""
    from farol.services import montagem_custodia  # ciclo: ela usa os blocos deste módulo

    maquina = carregar_regime(p.regime)
    if montagem_custodia.e_custodia(p):
        return montagem_custodia.falta_o_ato(s, p, maquina, tipo)
    if tipo == T.aviso_publicacao:
        meio = comunicacao().publicacao_oficial.meio
        return f"nenhuma ciência deste processo foi dada por “{comunicacao().nome_do_meio(meio)}”"
    tipos = maquina.tipos_que_materializam(tipo.value)
    nomes = dict.fromkeys(
        t.nome for t in maquina.transicoes if t.tipo_ato in tipos and not t.e_correcao
    )
    return "ainda não há neste processo " + " ou ".join(f"“{n}”" for n in nomes)


def impedimento(s: Session, p: Processo, tipo: d.TipoDocumento) -> str | None:
    """Por que o documento, cujo ato já está registrado, ainda assim não se emite agora (a
    Notificação para Pagamento sem o que notificar: `pagamento_a_notificar`); nulo se nada o
    impede antes de montá-lo."""
    if tipo == T.notificacao_pagamento and not montagem_poluicao.e_poluicao(
        carregar_regime(p.regime)
    ):
        try:
            pagamento_a_notificar(s, p)
        except Conflito as e:
            return e.mensagem
    return None


def _segunda_via_vencida(prazo: Prazo) -> str | None:
    """A notificação emitida depois do vencimento do prazo de pagamento é segunda via da que
    se deu na ciência: diz que o prazo venceu, e que o documento não o reabre (LESTA art. 32:
    o prazo corre "a contar da intimação")."""
    dia = hoje()
    if prazo.vencimento is None or prazo.vencimento >= dia:
        return None
    return (
        f"Segunda via, emitida em {dia:%d/%m/%Y}: o prazo de pagamento, contado da ciência em "
        f"{prazo.inicio:%d/%m/%Y}, venceu em {prazo.vencimento:%d/%m/%Y}. Esta via reproduz a "
        f"notificação dada e não reabre o prazo ({citacao('pagamento_multa').referencia()})."
    )


def _com_restituicao(
    s: Session, p: Processo, ato: Ato, penalidades: tuple[d.Penalidade, ...], dispositivo: str
) -> str:
    """A decisão do recurso que afasta ou reduz a multa já paga diz o que se restitui: o pago
    até a decisão menos a multa que ela mantém (Código Civil art. 876; Lei 9.784/1999 art. 64).
    Afastada a penalidade paga, o processo não se arquiva: aguarda a restituição."""
    pago = total_pago(s, p, ate=ato.data_ato)
    mantida = sum((x.valor for x in penalidades if x.valor is not None), Decimal("0.00"))
    if pago <= mantida:
        return dispositivo
    inicio = dispositivo if penalidades else "Afastar a penalidade imposta."
    return (
        f"{inicio} Restituir ao recorrente o valor pago a maior: {formatos.moeda(pago - mantida)} "
        f"({citacao('restituicao_do_indevido').referencia()})."
    )


def _dispositivo_da_infracao(codigo: str | None) -> str:
    """A infração pelo dispositivo que a define, como o interessado a lê ("RLESTA art. 16,
    II"), não pelo código do catálogo ("RLESTA.16.II"): a citação do catálogo da LESTA; a da
    poluição (e outra fora dele), pelo código lido como norma, artigo e inciso ("Decreto
    4.136/2002 art. 36")."""
    if not codigo:
        return "—"
    try:
        return catalogo().infracao(codigo).fonte.referencia()
    except NaoEncontrado:
        norma, _, resto = codigo.partition(".")
        artigo, _, inciso = resto.partition(".")
        sigla = registro_normas()[norma].sigla if norma in registro_normas() else norma
        return f"{sigla} art. {artigo}" + (f", {inciso}" if inciso else "") if artigo else codigo


def _autoria_mudada(lavratura: Ato) -> d.AutoriaMudada | None:
    """As infrações que o auto imputa noutro papel que o da notificação, com o motivo gravado
    na lavratura (`autoria_mudada`, `motivo_autoria`)."""
    payload = lavratura.payload or {}
    mudadas = payload.get("autoria_mudada")
    if not mudadas:
        return None
    autores = catalogo().autores
    return d.AutoriaMudada(
        mudancas=tuple(
            f"{m['infracao']} como {autores[m['lavrada']].nome} (notificada como "
            f"{autores[m['notificada']].nome})"
            for m in mudadas
        ),
        motivo=payload["motivo_autoria"],
        fundamento=referencias(
            citacao("auto_apos_esclarecimentos"), citacao("motivacao_da_sancao")
        ),
    )


def _acordao(s: Session, p: Processo, lavratura: Ato) -> d.Acordao | None:
    """O Acórdão do Tribunal Marítimo a que a lavratura se vinculou (`dados.acordao`)."""
    payload = lavratura.payload or {}
    if not payload.get("acordao"):
        return None
    a = acordao_do_processo(s, p, antes_do_ato=lavratura)
    if a is None or a["numero"] != payload["acordao"]:
        return None
    return d.Acordao(
        numero=a["numero"],
        publicado_em=dt.date.fromisoformat(a["publicado_em"]),
        infracoes_apontadas=tuple(a["infracoes_apontadas"]),
        infracoes_fora=tuple(payload.get("infracoes_fora_do_acordao", ())),
        justificativa=payload.get("justificativa"),
        fundamento="; ".join(a["fundamentos"]),
    )


def _efeito_do_recurso(s: Session, p: Processo, data: dt.date | None = None) -> str:
    """O regime do prazo de pagamento na data da emissão, com o fundamento. No procedimento
    ambiental, o recurso sem pagamento prévio e a multa exigível só depois da notificação para
    pagamento, pela norma em vigor na `data` do ato documentado."""
    poluicao = montagem_poluicao.efeito_do_recurso(p.regime, data or hoje())
    if poluicao is not None:
        return poluicao
    e = efeito_do_recurso(fatos_do_recurso(carregar_regime(p.regime), historico(s, p)))
    return f"{e.texto} ({e.fundamento})"


def _relatorio(s: Session, p: Processo, maquina: Maquina, ato: Ato) -> str:
    """O relatório da decisão: o que se passou no processo até ela, ato por ato, pelo nome do
    ato no quadro do regime e a data (Lei 9.784/1999 art. 50: a decisão indica os fatos e os
    fundamentos; o relatório é o dos autos, não o de quem decide). As emissões de documento
    (atos do sistema) não são atos do procedimento e ficam fora. A data de cada ato é a da sua
    última correção (`repositorio.data_em_vigor`, a do registro), não a registrada."""
    sistema = atos_do_sistema().tipos
    ate_a_decisao = [a for a in atos_lidos(s, p) if a.seq < ato.seq]
    anteriores = [a for a in ate_a_decisao if a.tipo not in sistema]
    datas = data_em_vigor(ate_a_decisao)

    def nome(x: AtoLido) -> str:
        # a correção pelo ato que corrige ("Correção (Renúncia à apresentação da defesa)"),
        # não pelo nome do quadro, que explica o que é uma correção
        corrigido = ato_corrigido(anteriores, x)
        if corrigido is None:
            return maquina.nome_do_ato(x.tipo)
        return f"Correção ({maquina.nome_do_ato(corrigido.tipo)})"

    passos = "; ".join(f"{nome(x)}, em {formatos.data(datas[x.id])}" for x in anteriores)
    return (
        f"Processo {p.numero}. Atos do processo até esta decisão: {passos}. Decisão registrada "
        f"em {formatos.data(ato.data_ato)} (ato nº {ato.seq})."
        if passos
        else f"Processo {p.numero}; decisão registrada em {formatos.data(ato.data_ato)} "
        f"(ato nº {ato.seq})."
    )


def _decisao(
    s: Session, p: Processo, tipo: d.TipoDocumento, ato: Ato, base: dict[str, Any]
) -> d.DadosDocumento:
    maquina = carregar_regime(p.regime)
    if tipo == T.decisao_julgamento:
        procedente = maquina.tem_marca(ato.tipo, "impoe_penalidade") or maquina.tem_marca(
            ato.tipo, "impoe_multa_poluicao"
        )
        # o modelo imprime "AUTO DE INFRAÇÃO JULGADO" antes do resultado
        resultado = "PROCEDENTE" if procedente else "IMPROCEDENTE"
    else:
        # o nome do ato no quadro do regime ("Recurso não provido (penalidade mantida)"), não o
        # id do tipo, que saía sem acento e com o código ("RECURSO FINAL NAO PROVIDO")
        resultado = maquina.nome_do_ato(ato.tipo)
    instancia = (
        "1ª instância (julgamento do auto)"
        if tipo == T.decisao_julgamento
        else _instancia_do_recurso(p, ato)
    )
    fundamentacao = str(ato.payload.get("justificativa") or ato.payload.get("fundamentacao"))
    penalidades = _penalidades(s, p, ato) if "improcedente" not in ato.tipo else ()
    dispositivo = (
        "Aplicar: "
        + "; ".join(
            f"{x.descricao} ({_dispositivo_da_infracao(x.codigo_infracao)})" for x in penalidades
        )
        if penalidades
        else "Arquivar o processo."
    )
    if tipo == T.decisao_recurso:
        dispositivo = _com_restituicao(s, p, ato, penalidades, dispositivo)
    autoridade = s.get(Usuario, ato.ator_id)
    if autoridade is not None and autoridade.om_id != p.om_id:
        # a decisão é da OM de quem decide: a do DPC, no papel da DPC (não no da Capitania)
        base = {**base, "om": _om_de(s, autoridade.om_id)}
    return d.DadosDocumento(
        **base,
        numero_documento=_numero_da_decisao(p, ato),
        interessados=(_autuado(s, p), *_procuradores(s, p)),
        infracoes=_infracoes(s, p),
        penalidades=penalidades,
        decisao=d.Decisao(
            instancia=instancia,
            autoridade=autoridade.nome if autoridade else ato.papel,
            resultado=resultado,
            relatorio=_relatorio(s, p, maquina, ato),
            fundamentacao=fundamentacao,
            dispositivo=dispositivo,
        ),
        prazos=(prazos := _prazos_da_decisao(s, p, maquina, ato)),
        recurso_dirigido_a=_recurso_dirigido_a(p, tipo, ato, prazos),
        efeito_do_recurso=(
            _efeito_do_recurso(s, p, ato.data_ato) if any(x.multa for x in vigentes(s, p)) else None
        ),
        valoracao=(
            montagem_poluicao.valoracao(s, p, ato, lambda a: _numero_da_decisao(p, a))
            if montagem_poluicao.e_poluicao(maquina)
            else None
        ),
        fundamento_modelo=(
            montagem_poluicao.modelo_do_ato(maquina, ato)
            if montagem_poluicao.e_poluicao(maquina)
            else None
        ),
        assinaturas=(_assinatura_autoridade(s, ato, "Autoridade julgadora"),),
    )


def _prazos_da_decisao(
    s: Session, p: Processo, maquina: Maquina, decisao: Ato
) -> tuple[d.Prazo, ...]:
    """Os prazos do interessado (`destinatario: administrado` em prazos.yaml) que a `decisao`
    abriu: os abertos por ela ou pelos atos seguintes até a próxima decisão (a ciência abre o
    recurso e o pagamento), o último de cada etapa. Não os do processo inteiro: a Decisão de
    Recurso imprimia o recurso de 1ª instância já usado, sem o recurso em última instância que
    ela abre, e a de Julgamento o pagamento reaberto depois pelo recurso. Antes da ciência,
    os que a ciência da decisão abrirá (as condições do quadro avaliadas só com a decisão
    como último ato), calculados para a ciência no dia da emissão."""
    proxima = s.execute(
        select(func.min(Ato.seq)).where(
            Ato.processo_id == p.id,
            Ato.seq > decisao.seq,
            Ato.tipo.in_(maquina.tipos_com("decisao")),
        )
    ).scalar()
    abertos = s.scalars(
        select(Prazo)
        .join(Ato, Ato.id == Prazo.ato_id)
        .where(
            Prazo.processo_id == p.id,
            Ato.seq >= decisao.seq,
            *([Ato.seq < proxima] if proxima is not None else []),
        )
        .order_by(Prazo.id)
    ).all()
    do_interessado = {
        x.etapa: x for x in abertos if _do_interessado(x.regime, x.etapa)
    }  # o último de cada etapa
    if do_interessado:
        return tuple(_prazo_gravado(x, f"a {x.inicio:%d/%m/%Y}") for x in do_interessado.values())
    # a ciência ainda por vir: hoje (ou a data da decisão, se o documento sai no dia dela)
    ciencia = max(decisao.data_ato, hoje())
    # os atos do sistema (a emissão de um documento, esta inclusive) não contam como o último
    # ato do processo (atos_do_sistema.yaml): reemitir a decisão não muda os prazos que ela abre
    ultimo = s.execute(
        select(func.max(Ato.seq)).where(
            Ato.processo_id == p.id, Ato.tipo.not_in(atos_do_sistema().tipos)
        )
    ).scalar()
    etapas: dict[str, None] = {}
    contexto = None
    for t, i, etapa in maquina.prazos_que_a_ciencia_abre(comunica=decisao.tipo):
        if i.se is not None:
            # a condição (a multa imposta, o pagamento reaberto) lida do processo como a
            # ciência a leria: só com a decisão como último ato
            if decisao.seq != ultimo:
                continue
            from farol.services.processos import contexto_do_ato  # ciclo: usa os documentos

            if contexto is None or contexto[0] != t.tipo_ato:
                contexto = (t.tipo_ato, contexto_do_ato(s, p, maquina, t.tipo_ato, ciencia))
            if not avaliar_guarda(i.se, t, contexto[1], p.regime).permitido:
                continue
        etapas[etapa] = None
    return tuple(
        _prazo_previsto(s, p, etapa, ciencia)
        for etapa in etapas
        # o das acessórias tem os dias da decisão: a penalidade já os diz ("em N dias")
        if _do_interessado(p.regime, etapa)
        and not catalogo_prazos().regra(p.regime, etapa).dias_da_decisao
    )


def _do_interessado(regime: str, etapa: str) -> bool:
    try:
        return catalogo_prazos().regra(regime, etapa).destinatario == DO_INTERESSADO
    except EntradaInvalida:
        return False


def _recurso_dirigido_a(
    p: Processo, tipo: d.TipoDocumento, ato: Ato, prazos: tuple[d.Prazo, ...]
) -> str | None:
    """A autoridade a quem se dirige o recurso que a decisão abre (instancias.yaml, pela data
    da decisão recorrida), com o fundamento: o da Decisão de Julgamento (LESTA art. 24 § 1º;
    Norma de 2023 item 3.6.4 a: ao Capitão dos Portos) e o da Decisão de Recurso que não é de
    última instância (item 3.6.5: ao Diretor de Portos e Costas). None se o quadro de prazos do
    documento não traz esse recurso (decisão de última instância, improcedência)."""
    instancia: Instancia = "recurso" if tipo == T.decisao_julgamento else "recurso_final"
    try:
        autoridade = autoridade_recurso(p.regime, instancia, ato.data_ato)
        if instancia == "recurso_final" and autoridade_recurso(
            p.regime, "recurso", ato.data_ato
        ) == autoridade_ultima_instancia(p.regime, ato.data_ato):
            return None  # o recurso decidido já era a última instância
    except (EntradaInvalida, ForaDeVigencia):
        return None
    if _nome_da_etapa(p.regime, instancia) not in {x.etapa for x in prazos}:
        return None
    return f"{autoridade.valor.nome} ({autoridade.fundamento})"


def _instancia_do_recurso(p: Processo, ato: Ato) -> str:
    """A instância da decisão do recurso; o recurso cuja autoridade é também a última instância
    na data da decisão (instancias.yaml: no procedimento ambiental, o DPC desde a NORMAM-401)
    é decidido em última instância."""
    if "final" in ato.tipo:  # quem o decide na data (NORMAM-07 item 0404 d: o DGN)
        try:
            final = autoridade_recurso(p.regime, "recurso_final", ato.data_ato)
        except (EntradaInvalida, ForaDeVigencia):  # instância extinta (instancias.yaml)
            return "Recurso em última instância"
        return f"Recurso em última instância — {final.valor.nome} ({final.fundamento})"
    try:
        recurso = autoridade_recurso(p.regime, "recurso", ato.data_ato)
        ultima = autoridade_ultima_instancia(p.regime, ato.data_ato)
    except (EntradaInvalida, ForaDeVigencia):
        return "Recurso em 1ª instância"
    if recurso == ultima:
        return f"Recurso em última instância — {ultima.valor.nome} ({ultima.fundamento})"
    return "Recurso em 1ª instância"


def _numero_da_decisao(p: Processo, ato: Ato) -> str:
    return f"{p.numero}-D{ato.seq}"


def _numero_do_documento(s: Session, p: Processo, tipo: d.TipoDocumento, ato: Ato) -> str | None:
    """O número que o documento que materializa `ato` imprime (o mesmo de `montar`); None se
    o tipo não tem número próprio no processo."""
    if tipo in (T.auto_de_infracao, T.auto_de_infracao_poluicao):
        return s.execute(
            select(AutoDeInfracao.numero).where(AutoDeInfracao.processo_id == p.id)
        ).scalar_one_or_none()
    if tipo in DOCUMENTOS_DE_DECISAO:
        return _numero_da_decisao(p, ato)
    return None


# --- Procedimento ambiental (Lei 9.966/2000; NORMAM-401 cap. 1; NORMAM-07 cap. 4) -----------
# O auto, a notificação do LTA e a notificação para pagamento leem o que os atos gravaram
# (montagem_poluicao); os prazos são os que o motor gravou no processo, ou a regra da norma
# ("20 dias corridos, contados da ciência da autuação") quando a ciência ainda não houve.


def _exigir_materializado(s: Session, p: Processo, tipo: d.TipoDocumento) -> Ato:
    """O último ato que o documento materializa (quadro do regime), ou a recusa nomeando-o."""
    maquina = carregar_regime(p.regime)
    tipos = maquina.tipos_que_materializam(tipo.value)
    ato = ultimo_ato(s, p, tipos) if tipos else None
    if ato is not None:
        return ato
    if not tipos:
        raise Conflito(
            f"{d.TITULOS[tipo]}: o procedimento deste processo ({maquina.nome}) não tem o ato "
            "que este documento materializa",
            campo="tipo",
        )
    transicoes = [t for t in maquina.transicoes if t.tipo_ato in tipos and not t.e_correcao]
    raise Conflito(
        f"{d.TITULOS[tipo]}: ainda não há neste processo o ato que o documento materializa ("
        + " ou ".join(f"“{t.nome}”" for t in transicoes)
        + "); o documento só se emite depois dele",
        campo="tipo",
        regra=transicoes[0].fonte.referencia() if transicoes else None,
    )


def _prazo_a_contar_da_ciencia(p: Processo, etapa: str, data_norma: dt.date) -> d.Prazo:
    """O prazo que corre de uma ciência ainda não registrada: a regra da norma em vigor na
    `data_norma` (dias, contagem, de que evento), sem vencimento."""
    a = prazo_a_contar(etapa, data_norma, regime=p.regime)
    return d.Prazo(
        etapa=_nome_da_etapa(p.regime, etapa),
        vencimento=None,
        contagem=f"{a.dias} {_dias(a.contagem)}, contados da {a.a_partir_de}, excluído o dia "
        "do começo; o vencimento é o que o processo registrar com a ciência",
        fundamento="; ".join(a.fundamentos[:3]),
    )


def _prazos_do_ato(s: Session, p: Processo, ato: Ato, etapa: str | None = None) -> list[Prazo]:
    """Os prazos que o ato abriu no processo, como o motor os gravou."""
    q = select(Prazo).where(Prazo.processo_id == p.id, Prazo.ato_id == ato.id)
    if etapa is not None:
        q = q.where(Prazo.etapa == etapa)
    return list(s.execute(q.order_by(Prazo.id)).scalars())


def _auto_poluicao(s: Session, p: Processo, base: dict[str, Any]) -> d.DadosDocumento:
    ato = _exigir_materializado(s, p, T.auto_de_infracao_poluicao)
    maquina = carregar_regime(p.regime)
    auto = s.execute(select(AutoDeInfracao).where(AutoDeInfracao.processo_id == p.id)).scalar_one()
    # NORMAM-401 item 1.4.2 a: a defesa corre da ciência da autuação; antes dela, a regra.
    gravado = _prazo(s, p, "defesa")
    defesa = gravado or _prazo_a_contar_da_ciencia(p, "defesa", ato.data_ato)
    mp = montagem_poluicao
    fontes = (
        *mp.do_rito(
            (*mp.fontes_do_ato(maquina, ato.tipo), *maquina.quadro.fontes),
            p.regime,
            ato.data_ato,
        ),
        *mp.fontes_do_prazo(p.regime, "defesa", defesa.inicio or ato.data_ato),
        *mp.fundamento_do_recurso(p.regime, ato.data_ato),
    )
    return d.DadosDocumento(
        **base,
        numero_documento=auto.numero,
        interessados=(_autuado(s, p), *_procuradores(s, p)),
        fato=mp.fato(ato, s.get(Processo, p.origem_id) if p.origem_id else None),
        incidente=mp.incidente(p, ato),
        infracoes=(mp.infracao(ato),),
        prazos=(defesa,),
        efeito_do_recurso=mp.efeito_do_recurso(p.regime, ato.data_ato),
        fundamentos=mp.fundamentos(fontes),
        assinaturas=(
            _assinatura_autoridade(s, ato, "Agente da Autoridade Marítima (autuante)"),
            d.Assinatura(papel="Infrator(a), preposto ou representante legal"),
            d.Assinatura(papel="Testemunha 1"),
            d.Assinatura(papel="Testemunha 2"),
        ),
    )


def _notificacao_laudo(s: Session, p: Processo, base: dict[str, Any]) -> d.DadosDocumento:
    ciencia = _exigir_materializado(s, p, T.notificacao_laudo)
    mp = montagem_poluicao
    registro = mp.laudo_da_ciencia(s, p, ciencia)
    if registro is None:
        raise Conflito(
            f"a ciência nº {ciencia.seq} não tem, antes dela, o Laudo Técnico Ambiental "
            "registrado de que dá ciência",
            campo="tipo",
        )
    maquina = carregar_regime(p.regime)
    prazos = _prazos_do_ato(s, p, ciencia)
    fontes = (
        *mp.do_rito(mp.fontes_do_ato(maquina, ciencia.tipo), p.regime, ciencia.data_ato),
        *(c for x in prazos for c in mp.fontes_do_prazo(x.regime, x.etapa, x.inicio)),
    )
    auto = s.execute(
        select(AutoDeInfracao).where(AutoDeInfracao.processo_id == p.id)
    ).scalar_one_or_none()
    return d.DadosDocumento(
        **base,
        numero_documento=f"{p.numero}-LTA{ciencia.seq}",
        interessados=(_autuado(s, p, "Notificado"), *_procuradores(s, p)),
        laudo=mp.laudo(registro, ciencia),
        prazos=tuple(_prazo_gravado(x, f"a {x.inicio:%d/%m/%Y}") for x in prazos),
        fundamentos=mp.fundamentos(fontes),
        referencias=(
            (
                d.Referencia(
                    documento=d.TITULOS[T.auto_de_infracao_poluicao],
                    numero=auto.numero,
                    data=auto.lavrado_em,
                ),
            )
            if auto
            else ()
        ),
        assinaturas=(
            _assinatura_autoridade(s, ciencia, "Agente da Autoridade Marítima"),
            d.Assinatura(papel="Notificado(a), preposto ou representante legal"),
        ),
    )


def _notificacao_pagamento_poluicao(
    s: Session, p: Processo, base: dict[str, Any]
) -> d.DadosDocumento:
    """NORMAM-401 item 1.6: a multa se paga em cinco dias do recebimento da notificação para
    pagamento; o prazo é o que esse ato abriu (`prazo.poluicao.pagamento`)."""
    ato = _exigir_materializado(s, p, T.notificacao_pagamento)
    prazos = _prazos_do_ato(s, p, ato, "pagamento")
    multas = montagem_poluicao.penalidades(s, p)
    if not prazos or not multas:
        raise Conflito(
            f"a notificação nº {ato.seq} não abriu prazo de pagamento de multa em vigor",
            campo="tipo",
        )
    mp = montagem_poluicao
    fixou = mp.ato_da_multa(s, p)
    return d.DadosDocumento(
        **base,
        numero_documento=f"{p.numero}-P",
        fundamento_modelo=mp.modelo_do_ato(carregar_regime(p.regime), ato),
        interessados=(_autuado(s, p, "Notificado"), *_procuradores(s, p)),
        infracoes=_infracoes(s, p),
        valores=tuple(
            d.Valor(
                descricao=f"Multa — {_dispositivo_da_infracao(x.codigo_infracao)}",
                valor=x.valor,
                fundamento=x.fundamento,
            )
            for x in multas
            if x.valor is not None
        ),
        prazos=tuple(_prazo_gravado(x, f"a {x.inicio:%d/%m/%Y}") for x in prazos),
        valoracao=(
            mp.valoracao(s, p, fixou, lambda a: _numero_da_decisao(p, a)) if fixou else None
        ),
        fundamentos=mp.fundamentos(
            c for x in prazos for c in mp.fontes_do_prazo(x.regime, x.etapa, x.inicio)
        ),
        se_nao_pagar=se_nao_pagar(p.regime),
        assinaturas=(_assinatura_autoridade(s, ato, "Autoridade Competente"),),
    )


# --- Aviso de ciência por publicação oficial (Norma de 2023, item 3.6.6) ----------------------
# "No caso de interessado indeterminado, desconhecido ou de endereço indefinido, nos termos do
# § 4o, art. 26 da Lei no 9.784/99, para fins de ciência dos atos processuais, a divulgação
# poderá ser feita por meio de publicação oficial". O aviso é o documento dessa publicação: o ato
# comunicado, o veículo e a data, a hipótese e os prazos que a ciência abriu, tal como gravados.


def _ciencia_por_publicacao(s: Session, p: Processo, tipos: tuple[str, ...]) -> Ato | None:
    """A última ciência do processo dada pelo meio que `comunicacao.yaml` diz ser a publicação
    oficial (`materializa`)."""
    maquina = carregar_regime(p.regime)
    atos = s.execute(
        select(Ato).where(Ato.processo_id == p.id, Ato.tipo.in_(tipos)).order_by(Ato.seq.desc())
    ).scalars()
    return next(
        (a for a in atos if materializa(maquina, T.aviso_publicacao, a.tipo, a.payload)), None
    )


def _ato_comunicado(s: Session, p: Processo, ciencia: Ato) -> d.AtoComunicado:
    """O ato de que a ciência dá conhecimento: o último, antes dela, dos tipos que no quadro
    levam o processo ao estado de onde a ciência parte (a lavratura, na ciência do auto; a
    decisão, na ciência da decisão); com o documento que o materializa e o seu número."""
    maquina = carregar_regime(p.regime)
    tipos = maquina.tipos_que_levam_a(ciencia.tipo)
    ato = s.execute(
        select(Ato)
        .where(Ato.processo_id == p.id, Ato.tipo.in_(tipos), Ato.seq < ciencia.seq)
        .order_by(Ato.seq.desc())
        .limit(1)
    ).scalar_one_or_none()
    if ato is None:
        raise Conflito(
            f"a ciência nº {ciencia.seq} não tem, antes dela, o ato que comunica", campo="tipo"
        )
    transicao = maquina.transicao_do_tipo(ato.tipo)
    assert transicao is not None  # um ato registrado é de um tipo do quadro
    documento = d.TipoDocumento(transicao.documentos[0]) if transicao.documentos else None
    if documento is None and acordao.MARCA in transicao.marcas:
        # o levantamento do sobrestamento não tem documento próprio: registra o Acórdão
        return d.AtoComunicado(
            nome=transicao.nome,
            data=ato.data_ato,
            documento=acordao.TITULO,
            numero=str((ato.payload or {}).get("numero") or "") or None,
        )
    return d.AtoComunicado(
        nome=transicao.nome,
        data=ato.data_ato,
        documento=d.TITULOS[documento] if documento else None,
        numero=_numero_do_documento(s, p, documento, ato) if documento else None,
    )


def _interessado_publicado(s: Session, p: Processo) -> d.Parte:
    """O interessado como o aviso o publica: o aviso é público (DOU, página da OM, quadro de
    avisos do GAP), e basta que identifique a pessoa. O nome por inteiro, o CPF mascarado como
    na consulta pública (os seis dígitos do meio) e sem endereço (a pessoa é desconhecida ou
    de endereço indefinido: o endereço do cadastro é o que não a encontrou). LGPD, Lei
    13.709/2018, art. 6º, III (necessidade); o inteiro teor fica na OM."""
    autuado = _autuado(s, p, "Interessado")
    pessoa = s.get(Pessoa, p.autuado_id)
    assert pessoa is not None
    return autuado.model_copy(
        update={"documento": mascarar_documento(pessoa.documento), "endereco": None}
    )


def _aviso_publicacao(s: Session, p: Processo, base: dict[str, Any]) -> d.DadosDocumento:
    pub = comunicacao().publicacao_oficial
    tipos = atos_do_documento(p, T.aviso_publicacao)
    ciencia = _ciencia_por_publicacao(s, p, tipos) if tipos else None
    if ciencia is None:
        raise Conflito(
            "não há ciência por publicação oficial neste processo: o aviso materializa a "
            "ciência dada ao interessado indeterminado, desconhecido ou de endereço indefinido "
            f"por publicação ({'; '.join(v.nome for v in pub.veiculos)}), registrada com o meio "
            f"“{comunicacao().nome_do_meio(pub.meio)}”; nenhuma ciência deste processo foi "
            "dada por esse meio",
            campo="tipo",
            regra=pub.fundamento,
        )
    dados = ciencia.payload or {}
    publicacao = dados.get("publicacao")
    if not isinstance(publicacao, dict) or not publicacao.get("veiculo"):
        raise Conflito(
            f"a ciência nº {ciencia.seq}, por {comunicacao().nome_do_meio(pub.meio)}, foi "
            "gravada sem os dados da publicação (veículo, data e referência): o aviso não "
            "inventa onde nem quando se publicou",
            campo="tipo",
            regra=pub.fundamento,
        )
    veiculo = pub.veiculo(str(publicacao["veiculo"]))
    hipotese = pub.hipotese(str(dados.get("hipotese") or ""))
    comunicado = _ato_comunicado(s, p, ciencia)
    publicado_em = dt.date.fromisoformat(str(publicacao["publicado_em"]))
    prazos = s.execute(
        select(Prazo)
        .where(Prazo.processo_id == p.id, Prazo.ato_id == ciencia.id)
        .order_by(Prazo.id)
    ).scalars()
    nomes_atos = {t.tipo_ato: t.nome for t in carregar_regime(p.regime).transicoes}
    return d.DadosDocumento(
        **base,
        numero_documento=f"{p.numero}-AV{ciencia.seq}",
        interessados=(_interessado_publicado(s, p),),
        publicacao=d.Publicacao(
            ato=comunicado,
            ciencia=nomes_atos.get(ciencia.tipo, ciencia.tipo),
            veiculo=veiculo.nome if veiculo else str(publicacao["veiculo"]),
            publicado_em=publicado_em,
            referencia=publicacao.get("referencia") or None,
            hipotese=hipotese.nome if hipotese else str(dados.get("hipotese") or "não informada"),
            justificativa=dados.get("justificativa") or None,
            contagem=f"do dia seguinte à publicação ({pub.fundamento_do_prazo})",
            fundamentos=tuple(
                d.Fundamento(referencia=c.referencia(), texto=c.texto) for c in pub.fontes
            ),
        ),
        prazos=tuple(_prazo_gravado(x, "à publicação") for x in prazos),
        referencias=(
            (
                d.Referencia(
                    documento=comunicado.documento, numero=comunicado.numero, data=comunicado.data
                ),
            )
            if comunicado.documento and comunicado.numero
            else ()
        ),
        assinaturas=(_assinatura_autoridade(s, ciencia, nome_do_papel(ciencia.papel)),),
    )


def _dias(contagem: str) -> str:
    return "dias úteis" if contagem == "uteis" else "dias corridos"
