"""Consulta pública (sem login): o interessado informa o número do processo e o seu CPF/CNPJ
e vê o estado, os prazos e as decisões do SEU processo.

LGPD (Lei 13.709/2018, art. 6º, III — necessidade): só o autuado consulta, e só vê os próprios
dados por inteiro. Dados pessoais de outras pessoas (o condutor ou o proprietário que não é o
autuado) aparecem mascarados; agentes públicos aparecem pelo cargo, não pelo nome. Número
inexistente e documento que não é o do autuado recebem a MESMA resposta (nada encontrado),
para que a consulta não revele a existência de processos de terceiros.

O autuado que provou quem é (o número e o CPF/CNPJ, conferidos juntos a cada pedido) também
baixa os documentos emitidos no seu processo (Lei 9.784/1999 art. 3º, II; os tipos estão em
normas/dados/consulta_publica.yaml) e vê, com multa a pagar, os dados da guia que as normas
nomeiam (DARF) já preenchidos. Par errado, código de outro processo ou tipo que não se entrega
recebem a mesma recusa neutra da consulta.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.domain.cpf_cnpj import formatar_documento, mascarar_documento, validar_documento
from farol.domain.papeis import PAPEL_DA_CONSULTA_PUBLICA, REGISTRA_ATOS, nome_do_papel, pode
from farol.domain.procedimento.carregar import carregar_regime
from farol.erros import Conflito, EntradaInvalida, ErroFarol, ForaDeVigencia, recusar_juntos
from farol.normas.citacoes import citacao
from farol.normas.consulta_publica import consulta_publica
from farol.normas.prazos import DO_INTERESSADO, autoridade_recurso, catalogo_prazos
from farol.pdf.formatos import endereco_completo
from farol.relogio import hoje
from farol.rules.prazos import calcular_prazo
from farol.services import documentos
from farol.services.jurisdicao import Ator
from farol.services.leitura import detalhar
from farol.services.nao_pagamento import se_nao_pagar
from farol.services.unit_of_work import caso_de_uso
from farol.store.ancoras import conferir_documento
from farol.store.numeracao import numero_digitado
from farol.store.orm import OM, AutoDeInfracao, DocumentoEmitido, Inspecao, Pessoa, Processo


@dataclass(frozen=True)
class PdfDoInteressado:
    """Um documento do processo entregue ao autuado: o nome do arquivo e os bytes do PDF."""

    nome_arquivo: str
    conteudo: bytes


def _cargo(papel: str) -> str:
    """O agente público pelo cargo ('Capitão dos Portos'), não pelo nome."""
    return nome_do_papel(papel) if pode(papel, REGISTRA_ATOS) else papel


def mascarar_nome(nome: str) -> str:
    """'Pedro Condutor' -> 'P**** C*******': a inicial de cada palavra, o resto oculto."""
    return " ".join(p[0] + "*" * (len(p) - 1) if p else p for p in nome.split(" "))


def _pessoa_mascarada(p: Pessoa, papel: str) -> dict[str, str]:
    fisica = p.tipo == "fisica"
    return {
        "papel": papel,
        "nome": mascarar_nome(p.nome) if fisica else p.nome,
        "documento": mascarar_documento(p.documento),
    }


def _envolvidos(s: Session, p: Processo) -> list[dict[str, str]]:
    if p.inspecao_id is None:
        return []
    insp = s.get(Inspecao, p.inspecao_id)
    assert insp is not None
    saida = []
    for papel, pessoa_id in (
        ("proprietário", insp.proprietario_id),
        ("condutor", insp.condutor_id),
    ):
        if pessoa_id is None or pessoa_id == p.autuado_id:
            continue
        pessoa = s.get(Pessoa, pessoa_id)
        if pessoa is not None:
            saida.append(_pessoa_mascarada(pessoa, papel))
    return saida


def _processo_do_interessado(
    s: Session, numero: str, documento: str
) -> tuple[Processo, Pessoa] | None:
    """O processo `numero` e o autuado, se o `documento` for o dele; senão None.

    Documento malformado ou com dígito verificador errado: `EntradaInvalida` (campo
    `documento`) — isso não revela nada sobre processo algum.
    """
    numero = numero_digitado(numero)  # como se digita do papel: "2026/cpsc/22"
    recusas: list[ErroFarol] = []  # o número e o documento conferidos juntos
    if not numero:
        recusas.append(EntradaInvalida("informe o número do processo", campo="numero"))
    digitos = ""
    if not documento.strip():
        recusas.append(EntradaInvalida("informe o CPF ou o CNPJ do autuado", campo="documento"))
    else:
        try:
            digitos = validar_documento(documento)
        except EntradaInvalida as e:
            recusas.append(e)
    recusar_juntos(recusas)
    # o número do processo ou o do Auto de Infração (o que o autuado tem impresso no Auto): as
    # numerações são separadas e o mesmo texto pode ser de processos diferentes; vale o do
    # autuado com este documento
    do_autuado = select(Processo, Pessoa).join(
        Pessoa, (Pessoa.id == Processo.autuado_id) & (Pessoa.documento == digitos)
    )
    achado = (
        s.execute(do_autuado.where(Processo.numero == numero)).first()
        or s.execute(
            do_autuado.join(AutoDeInfracao, AutoDeInfracao.processo_id == Processo.id).where(
                AutoDeInfracao.numero == numero
            )
        ).first()
    )
    return (achado[0], achado[1]) if achado is not None else None


def _documentos_do_interessado(s: Session, p: Processo) -> list[dict[str, Any]]:
    """Os documentos emitidos no processo que o autuado baixa, do primeiro ao último."""
    tipos = consulta_publica().documentos.tipos
    emitidos = s.execute(
        select(DocumentoEmitido)
        .where(DocumentoEmitido.processo_id == p.id, DocumentoEmitido.tipo.in_(tipos))
        .order_by(DocumentoEmitido.id)
    ).scalars()
    saida = []
    for doc in emitidos:
        r = documentos.resumo(s, doc)
        saida.append(
            {
                "codigo": r.codigo,
                "titulo": r.titulo,
                "emitido_em": r.emitido_em.isoformat(),
                "vigente": r.vigente,
                "substituido_por": r.substituido_por,
            }
        )
    return saida


def _guia(autuado: Pessoa, d: dict[str, Any], pagamento: list[dict[str, Any]]) -> dict[str, Any]:
    """Os campos da guia de pagamento (DARF) já preenchidos com o que o processo sabe."""
    g = consulta_publica().pagamento
    maquina = carregar_regime(d["regime"])
    if maquina.tipos_com("notifica_pagamento"):
        # a multa que espera a notificação para pagamento (NORMAM-401 item 1.6), não a da LESTA
        notifica = maquina.marca("notifica_pagamento")
        sem_vencimento = {
            "texto": notifica.descricao,
            "fundamento": "; ".join(c.referencia() for c in notifica.fontes),
        }
    else:
        prazo = citacao("pagamento_multa")
        sem_vencimento = {"texto": prazo.texto, "fundamento": prazo.referencia()}
    auto = d["auto"]["numero"] if d.get("auto") and g.numero_de_referencia == "auto" else None
    return {
        "guia": g.guia,
        "nome": g.nome,
        "onde": g.onde,
        "destino": g.destino,
        "fundamento": g.fundamento,
        "contribuinte": autuado.nome,
        "cpf_cnpj": formatar_documento(autuado.documento),
        "codigo_receita": g.codigo_receita,
        "sem_codigo": None if g.codigo_receita else g.sem_codigo,
        "numero_referencia": auto or d["numero"],
        "valor": d["saldo"],
        "vencimento": pagamento[-1]["vencimento"] if pagamento else None,
        "vencido": bool(pagamento and pagamento[-1]["vencido"]),
        # sem prazo aberto (a decisão ainda não foi comunicada): de onde ele vai correr
        "sem_vencimento": sem_vencimento,
    }


def _divida_ativa(d: dict[str, Any]) -> dict[str, Any] | None:
    """A multa encaminhada para inscrição em dívida ativa (o ato de marca
    `encaminha_divida_ativa`): desde então a cobrança é da Procuradoria da Fazenda Nacional
    (NORMAM-07 item 0314) e a OM não registra mais o pagamento (a guarda
    `divida_ativa_nao_encaminhada` do quadro), de modo que a guia da OM e o "ainda sem data" do
    prazo de pagamento não valem mais. Com a baixa (quitação ou extinção comunicada pela PGFN)
    ou a comunicação do cancelamento, a data e o nome desse ato. `afastada`: a decisão do
    recurso afastou a multa depois do encaminhamento e o processo, sem débito (estado de marca
    `sem_debito`), aguarda a comunicação à PGFN para o cancelamento da inscrição: nada a pagar
    nem sustação. None se não foi encaminhada."""
    maquina = carregar_regime(d["regime"])
    encaminha = maquina.tipos_com("encaminha_divida_ativa")
    atos = [a for a in d["atos"] if a["tipo"] in encaminha]
    if not atos:
        return None
    fim = set(maquina.tipos_com("registra_baixa_divida_ativa")) | set(
        maquina.tipos_com("comunica_cancelamento_divida_ativa")
    )
    baixa = [a for a in d["atos"] if a["tipo"] in fim]
    vencidos = [x for x in d["prazos"] if x["etapa"] == "pagamento"]
    cobranca = citacao("cobranca_divida_ativa")
    afastada = not baixa and d["estado"] in maquina.estados_com("sem_debito")
    return {
        # o débito inscrito ainda susta os atos de interesse do devedor (LESTA art. 20)
        "sustacao": None
        if afastada
        else next((x.model_dump() for x in se_nao_pagar(d["regime"]) if x.sustacao), None),
        "afastada": afastada,
        "encaminhada_em": atos[-1]["data_ato"],
        "vencimento": vencidos[-1]["vencimento"] if vencidos else None,
        "cobranca": {"texto": cobranca.texto, "fundamento": cobranca.referencia()},
        "baixa": {"nome": baixa[-1]["nome"], "data": baixa[-1]["data_ato"]} if baixa else None,
    }


def _a_quem(
    regime: str, prazo: dict[str, Any], decisoes: list[dict[str, Any]], om: OM
) -> str | None:
    """Para o prazo em curso do interessado, a quem se dirige e onde se entrega o que ele faz
    nele, como os documentos em PDF o dizem (a Notificação para Comparecimento, os Autos de
    Infração e as decisões): o recurso, dirigido à autoridade que o julga na data da decisão
    recorrida (instancias.yaml: Norma de 2023 item 3.6.4 a, o Capitão dos Portos; item 3.5 b, o
    DPC) e apresentado à OM, que o encaminha (item 3.6.4 c); a defesa, por escrito à
    Autoridade Competente da OM (na poluição, à OM que lavrou o Auto); os esclarecimentos, na
    OM. None para os demais prazos."""
    if not prazo["aberto"]:
        return None
    item = consulta_publica().onde(f"prazo.{regime}.{prazo['etapa']}")
    if item is None:
        return None
    local = (
        endereco_completo(om.endereco, om.bairro, om.cep) if (om.endereco or "").strip() else None
    )
    onde = f"{om.nome} ({om.sigla})" + (f", {local}, {om.municipio}/{om.uf}" if local else "")
    if item.instancia is None:
        return item.texto.format(om=onde)
    inicio = prazo["inicio"]
    recorrida = [x["data"] for x in decisoes if x["data"] <= inicio]
    try:
        data = dt.date.fromisoformat(recorrida[-1] if recorrida else inicio)
        autoridade = autoridade_recurso(regime, item.instancia, data)
    except (EntradaInvalida, ForaDeVigencia):
        return None
    if autoridade.valor is None:
        return None
    return item.texto.format(
        om=onde, autoridade=autoridade.valor.nome, fundamento=autoridade.fundamento
    )


def _a_correr(
    p: Processo, d: dict[str, Any], decisoes: list[dict[str, Any]], om: OM
) -> list[dict[str, Any]]:
    """Os prazos do interessado que a ciência ainda não dada do último ato abrirá (o Auto
    lavrado e ainda não comunicado abre a defesa; a decisão ainda não comunicada, o recurso):
    o nome, os dias e a contagem, sem data, "contados do dia seguinte à ciência" — como o
    Auto e a decisão em PDF emitidos antes da ciência —, e a quem se dirige. Só os que abrem
    sem condição (o pagamento, que depende da multa, a guia já o diz: "ainda sem data")."""
    maquina = carregar_regime(p.regime)
    if d["final"] or p.sobrestado:
        return []
    abertos = {x["etapa"] for x in d["prazos"] if x["aberto"]}
    etapas: dict[str, None] = {}
    for _, i, etapa in maquina.prazos_que_a_ciencia_abre(de_estado=p.estado):
        if i.se is not None or etapa in abertos:
            continue
        if catalogo_prazos().regra(p.regime, etapa).destinatario == DO_INTERESSADO:
            etapas[etapa] = None
    saida = []
    for etapa in etapas:
        r = calcular_prazo(etapa, hoje(), regime=p.regime)
        previsto = {"etapa": etapa, "aberto": True, "inicio": hoje().isoformat()}
        saida.append(
            {
                "etapa": etapa,
                "nome": catalogo_prazos().nome_da_etapa(p.regime, etapa),
                "dias": r.dias,
                "contagem": r.contagem,
                "fundamento": "; ".join(r.fundamentos[:2]),
                "a_quem": _a_quem(p.regime, previsto, decisoes, om),
            }
        )
    return saida


def _custodia(c: dict[str, Any] | None) -> dict[str, Any] | None:
    """O bem sob guarda e as contas até hoje, para o responsável (sem os dados do depositário
    nem os lacres)."""
    if c is None:
        return None
    return {k: c[k] for k in ("bem", "inicio", "fim", "dias", "local_guarda", "total_devido")}


@caso_de_uso()
def documento_do_interessado(
    s: Session, numero: str, documento: str, codigo: str
) -> PdfDoInteressado | None:
    """O PDF do documento `codigo` do processo `numero`, se o `documento` for o do autuado e o
    tipo for dos que se entregam (normas/dados/consulta_publica.yaml); senão None, a mesma
    recusa da consulta. Bytes que não conferem com o registro da emissão: `Conflito`."""
    achado = _processo_do_interessado(s, numero, documento)
    if achado is None:
        return None
    p, _ = achado
    doc = s.execute(
        select(DocumentoEmitido).where(
            DocumentoEmitido.processo_id == p.id,
            DocumentoEmitido.codigo == codigo.strip().upper(),
            DocumentoEmitido.tipo.in_(consulta_publica().documentos.tipos),
        )
    ).scalar_one_or_none()
    if doc is None:
        return None
    motivo, _ = conferir_documento(s, doc)
    if motivo is not None:
        raise Conflito(
            f"o documento {doc.codigo} não pode ser entregue: {motivo}; procure a OM emissora",
            campo="documento",
        )
    return PdfDoInteressado(f"{doc.tipo}-{doc.codigo}.pdf", doc.conteudo)


@caso_de_uso()
def consultar(s: Session, numero: str, documento: str) -> dict[str, Any] | None:
    """O processo `numero` se o autuado tiver o `documento`; senão None (nada encontrado).

    Documento malformado ou com dígito verificador errado: `EntradaInvalida` (campo
    `documento`) — isso não revela nada sobre processo algum.
    """
    achado = _processo_do_interessado(s, numero, documento)
    if achado is None:
        return None
    p, autuado = achado
    om = s.get(OM, p.om_id)
    assert om is not None
    leitor = Ator(
        usuario_id=0,
        login="consulta-publica",
        nome="Consulta pública",
        papel=PAPEL_DA_CONSULTA_PUBLICA,
        om_id=om.id,
        om_sigla=om.sigla,
        oms=frozenset({om.id}),
    )
    d = detalhar.na_sessao(s, leitor, p.id).model_dump(mode="json")
    tipos_de_decisao = carregar_regime(p.regime).tipos_com("decisao")
    decisoes = [
        {
            "nome": a["nome"],
            "data": a["data_ato"],
            "autoridade": _cargo(a["ator"]["papel"]),
            "fundamentacao": a["dados"].get("fundamentacao") or a["dados"].get("justificativa"),
            "penalidades": a["dados"].get("penalidades", []),
            "valoracao": a["dados"].get("valoracao"),
        }
        for a in d["atos"]
        if a["tipo"] in tipos_de_decisao
    ]
    pagamento = [x for x in d["prazos"] if x["etapa"] == "pagamento" and x["aberto"]]
    divida_ativa = _divida_ativa(d)
    return {
        "numero": d["numero"],
        "om": d["om"],
        "estado": d["estado"],
        "estado_nome": d["estado_nome"],
        "final": d["final"],
        "sobrestado": d["sobrestado"],
        "autuado": {"nome": autuado.nome, "documento": formatar_documento(autuado.documento)},
        "embarcacao": d["embarcacao"],
        "data_fato": d["data_fato"],
        "auto": d["auto"],
        "infracoes": [
            {"codigo": i["codigo"], "descricao": i["descricao"], "fundamento": i["fundamento"]}
            for i in d["infracoes"]
        ],
        "atos": [
            {
                "nome": a["nome"],
                "data": a["data_ato"],
                "por": _cargo(a["ator"]["papel"]),
                "intempestivo": a["intempestivo"],
                "ciencia": a.get("ciencia"),
            }
            for a in d["atos"]
        ],
        # cada prazo já traz o seu nome (leitura.prazo_json); o do interessado em curso, a quem
        # se dirige e onde se entrega
        "prazos": [{**x, "a_quem": _a_quem(p.regime, x, decisoes, om)} for x in d["prazos"]],
        "decisoes": decisoes,
        "prazos_a_correr": _a_correr(p, d, decisoes, om),
        "multa_total": d["multa_total"],
        "pago": d["pago"],
        "saldo": d["saldo"],
        "vencimento_pagamento": pagamento[-1]["vencimento"] if pagamento else None,
        "pagamento_vencido": bool(pagamento and pagamento[-1]["vencido"]),
        "se_nao_pagar": [x.model_dump() for x in se_nao_pagar(p.regime)],
        # encaminhada à dívida ativa, a cobrança é da PGFN: sem a guia da OM
        "guia": _guia(autuado, d, pagamento)
        if Decimal(d["saldo"]) > 0 and divida_ativa is None
        else None,
        "na_divida_ativa": divida_ativa,
        "documentos": _documentos_do_interessado(s, p),
        "fundamento_documentos": consulta_publica().documentos.fundamento,
        "efeito_do_recurso": d["efeito_do_recurso"],
        "restituicao_pendente": d["restituicao_pendente"],
        "pagamentos": [{"valor": x["valor"], "data": x["data"]} for x in d["pagamentos"]],
        "envolvidos": _envolvidos(s, p),
        # as medidas administrativas e o levantamento de cada uma (LESTA art. 16 § 2º)
        "medidas": [
            {
                "nome": m["nome"],
                "aplicada_em": m["aplicada_em"],
                "em_vigor": m["em_vigor"],
                "levantada_em": m["levantada_em"],
            }
            for m in d["medidas"]
        ],
        "custodia": _custodia(d["custodia"]),
        # o procurador que o próprio autuado constituiu: nome e OAB por inteiro, CPF mascarado
        "procuradores": [
            {
                "nome": x["nome"],
                "documento": mascarar_documento(x["cpf"]),
                "oab": x["oab"],
                "constituido_em": x["constituido_em"],
            }
            for x in d["procuradores"]
        ],
    }
