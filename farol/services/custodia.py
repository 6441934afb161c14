"""Custódia de embarcação apreendida e de bem achado (regime `custodia`).

- `abrir`: o recolhimento à guarda abre o processo de custódia, ligado à apreensão (a medida,
  a inspeção e o processo sancionador de origem) ou ao achado (NORMAM-07 item 0205);
- `fatos`: os fatos que as guardas do quadro consultam (origem, responsável notificável, o que
  falta pagar, a data do leilão);
- `extrato`: as contas da guarda (diárias pela tabela datada da OM, despesas avulsas, pagamentos
  e as multas do processo de origem), as mesmas na página, na API, no painel e na recusa da
  entrega;
- `efeitos_antes`/`efeitos_depois`: o que cada ato da custódia confere e grava (o fim da guarda,
  o levantamento da apreensão, o destino do produto do leilão);
- `registrar_tarifa`: a tabela de valores diários da OM, datada e com o ato que a fixou;
- `levantar_medida`: o levantamento de uma medida administrativa cessados os motivos (LESTA art.
  16 § 2º), ato do processo sancionador que não muda o seu estado.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import Field
from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from farol import entrada
from farol.domain.cpf_cnpj import formatar_documento, so_digitos, validar_documento
from farol.domain.papeis import (
    FIXA_TARIFAS_CUSTODIA,
    VE_DADOS_PESSOAIS,
    fundamento_da_permissao,
    nome_do_papel,
    papeis_com,
    pode,
    quem_tem,
)
from farol.domain.procedimento.carregar import carregar_regime, carregar_regimes
from farol.domain.procedimento.guardas import FatosCustodia, Pendencia
from farol.erros import Conflito, EntradaInvalida, NaoEncontrado, Proibido
from farol.formatos import citado, com_nomes, moeda
from farol.formatos import data as data_br
from farol.normas.citacoes import citacao
from farol.normas.custodia import dados_custodia, nome_da_qualidade
from farol.relogio import agora, data_local, hoje
from farol.rules import custodia as regras
from farol.services.comandos import (
    DadosDespesa,
    DadosEditalLeilao,
    DadosEntrega,
    DadosLacres,
    DadosPagamentoCustodia,
    DadosReclamacao,
    DadosResultadoLeilao,
    Identificacao,
    Modelo,
)
from farol.services.jurisdicao import Ator, carregar_processo
from farol.services.resultados.base import Resultado
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import (
    OM,
    Ato,
    Custodia,
    Embarcacao,
    MedidaAdministrativa,
    Pessoa,
    Processo,
    TarifaCustodia,
)

if TYPE_CHECKING:
    from farol.services.consultas import Debito

REGIME = "custodia"
APREENSAO = "apreensao_embarcacao"
"""A medida cuja apreensão abre a custódia (dados/medidas.yaml)."""


# --- comandos e resultados -------------------------------------------------------------------


class NovaTarifa(Modelo):
    """Uma tabela de valores diários da custódia na OM, a partir de uma data."""

    vigente_desde: dt.date
    ato: str = Field(
        min_length=3, max_length=300, description="ato da OM que fixou os valores (Portaria nº)"
    )
    valores: dict[str, entrada.Dinheiro] = Field(
        min_length=1, description="valor diário de cada item (dados/custodia.yaml, itens_diarios)"
    )


class LinhaExtrato(Resultado):
    descricao: str
    valor: Decimal
    fundamento: str | None = None


class ExtratoCustodia(Resultado):
    """As contas da custódia numa data (o que se mostra e o que a entrega exige)."""

    processo_id: int
    bem: str
    inicio: dt.date
    fim: dt.date | None
    ate: dt.date
    dias: int
    diarias: list[LinhaExtrato]
    sem_tabela: list[str]
    sem_diarias: str | None = Field(
        default=None,
        description="por que as diárias da tabela da OM não correm (a guarda pelo fiel "
        "depositário que responde pelas despesas: NORMAM-07 item 0311), com os fundamentos",
    )
    avulsas: list[LinhaExtrato]
    total_custodia: Decimal
    pago: Decimal
    deduzido_do_leilao: Decimal = Field(
        description="o que o produto do leilão cobriu das despesas (NORMAM-07 item 0313)"
    )
    multas: list[LinhaExtrato]
    pendencias: list[LinhaExtrato]
    debitos_do_proprietario: list[LinhaExtrato] = Field(
        default_factory=list,
        description="as multas exigíveis do legítimo proprietário em outros processos, que "
        "sustam a entrega até a quitação (o fundamento em cada linha)",
    )
    total_devido: Decimal = Field(
        description="o que falta pagar: para a entrega, na guarda em curso; depois do fim, o "
        "saldo das despesas não cobertas"
    )
    regra: str


class TarifaRegistrada(Resultado):
    om: str
    vigente_desde: dt.date
    ato: str
    valores: dict[str, Decimal]


def conferir_qualidade(quem: Identificacao, admitidas: Iterable[str], campo: str) -> None:
    try:
        validar_documento(quem.documento)
    except EntradaInvalida as e:
        raise EntradaInvalida(e.mensagem, campo=f"{campo}.documento") from None
    admitidas = tuple(admitidas)
    if quem.qualidade is not None and quem.qualidade not in admitidas:
        raise EntradaInvalida(
            f"qualidade {citado(quem.qualidade)} não admitida; admitidas: "
            + com_nomes((q, nome_da_qualidade(q)) for q in admitidas),
            campo=f"{campo}.qualidade",
        )


# --- fatos e contas --------------------------------------------------------------------------


def _tipos(marca: str) -> set[str]:
    return {t for m in carregar_regimes() for t in m.tipos_com(marca)}


def _tarifas(s: Session, om_ids: Iterable[int]) -> dict[int, list[regras.Tarifa]]:
    saida: dict[int, list[regras.Tarifa]] = {}
    for t in s.execute(
        select(TarifaCustodia).where(TarifaCustodia.om_id.in_(set(om_ids)))
    ).scalars():
        saida.setdefault(t.om_id, []).append(regras.Tarifa(t.item, t.vigente_desde, t.valor, t.ato))
    return saida


@dataclass
class _Contas:
    avulsas: list[regras.Lancamento] = field(default_factory=list)
    pago: Decimal = Decimal("0.00")
    data_leilao: dt.date | None = None
    leiloeiro_do_edital: bool = False
    deduzido_do_leilao: Decimal = Decimal("0.00")


def _atos_de_conta(s: Session, ids: Iterable[int], ate: dt.date | None) -> dict[int, _Contas]:
    """Despesas avulsas, total pago, data do leilão e o que o produto do leilão cobriu das
    despesas, de cada processo, numa só consulta."""
    despesa, paga, leilao, resultado, leiloeiro = (
        _tipos("lanca_despesa"),
        _tipos("paga_custodia"),
        _tipos("publica_leilao"),
        _tipos("registra_leilao"),
        _tipos("designa_leiloeiro"),
    )
    nomes = {k: v.nome for k, v in dados_custodia().despesas_avulsas.items()}
    q = select(Ato).where(
        Ato.processo_id.in_(set(ids)),
        Ato.tipo.in_(despesa | paga | leilao | resultado | leiloeiro),
    )
    if ate is not None:
        q = q.where(Ato.data_ato <= ate)
    saida: dict[int, _Contas] = {}
    for a in s.execute(q.order_by(Ato.processo_id, Ato.seq)).scalars():
        x = saida.setdefault(a.processo_id, _Contas())
        dados = a.payload or {}
        if a.tipo in despesa:
            item = nomes.get(dados["item"], dados["item"])
            x.avulsas.append(
                regras.Lancamento(f"{item}: {dados['descricao']}", Decimal(dados["valor"]))
            )
        elif a.tipo in paga:
            x.pago += Decimal(dados["valor"])
        elif a.tipo in leilao:
            # um novo Edital (depois do leilão deserto) pede a sua Portaria (NORMAM-07 item 0313)
            x.data_leilao = dt.date.fromisoformat(dados["data_leilao"])
            x.leiloeiro_do_edital = False
        elif a.tipo in leiloeiro:
            x.leiloeiro_do_edital = True
        elif (destinacao := dados.get("destinacao")) is not None:
            # o produto paga primeiro as despesas da custódia (efeitos_antes, DadosResultado)
            x.deduzido_do_leilao += min(
                Decimal(destinacao["valor_arrematado"]), Decimal(destinacao["despesas_custodia"])
            )
    return saida


def _multas_da_origem(
    s: Session, origem_ids: Iterable[int], data: dt.date
) -> dict[int, regras.Lancamento]:
    """A multa em vigor menos o pago de cada processo de origem na data (as multas devidas),
    com consultas para o conjunto todo: a conta da situação de débito
    (`consultas.multas_devidas`), com a multa da decisão e os pagamentos até a data. Nenhuma
    num estado `sem_penalidade` ou `sem_debito` em que a origem já estava na data: a dívida
    ativa baixada (quitada ou extinta na PGFN, NORMAM-07 item 0314) não é mais devida à OM,
    que nem a pode receber. A entrega datada de antes do pagamento da multa da origem a tem
    por devida (NORMAM-07 item 0312 a 3), ainda que registrada depois dele."""
    from farol.services.consultas import multas_devidas  # ciclo

    ids = set(origem_ids)
    if not ids:
        return {}
    return {
        p.id: regras.Lancamento(f"multa do processo {p.numero}", saldo)
        for p, saldo in multas_devidas(s, Processo.id.in_(ids), data)
    }


def extratos(
    s: Session, linhas: list[tuple[Custodia, Processo]], data: dt.date
) -> dict[int, regras.Extrato]:
    """As contas de várias custódias numa data, com consultas por conjunto (não por processo)."""
    if not linhas:
        return {}
    itens = tuple(dados_custodia().itens_diarios)
    tarifas = _tarifas(s, {c.om_id for c, _ in linhas})
    contas = _atos_de_conta(s, [c.processo_id for c, _ in linhas], data)
    multas = _multas_da_origem(s, [p.origem_id for _, p in linhas if p.origem_id], data)
    sem_diarias = _guarda_sem_diarias(s, [c.processo_id for c, _ in linhas])
    saida: dict[int, regras.Extrato] = {}
    for c, p in linhas:
        x = contas.get(c.processo_id, _Contas())
        fim = c.fim if c.fim is not None and c.fim <= data else data
        multa = multas.get(p.origem_id) if p.origem_id else None
        saida[c.processo_id] = regras.extrato(
            tarifas.get(c.om_id, []),
            itens,
            c.inicio,
            fim,
            x.avulsas,
            x.pago,
            [multa] if multa else [],
            x.deduzido_do_leilao,
            diarias_correm=c.processo_id not in sem_diarias,
        )
    return saida


def _guarda_sem_diarias(s: Session, ids: list[int]) -> set[int]:
    """Os processos cujo recolhimento pôs o bem sob a guarda de um fiel depositário que
    responde pelas despesas dele (custodia.yaml, `diarias.sem_diarias`), numa consulta."""
    regra = dados_custodia().diarias.sem_diarias
    if regra is None or not ids:
        return set()
    primeiro: dict[int, dict[str, Any]] = {}
    for pid, payload in s.execute(
        select(Ato.processo_id, Ato.payload)
        .where(Ato.processo_id.in_(set(ids)), Ato.tipo.in_(_tipos("recolhe_bem")))
        .order_by(Ato.processo_id, Ato.seq)
    ):
        primeiro.setdefault(pid, payload or {})
    return {
        pid
        for pid, dados in primeiro.items()
        if ((dados.get("fiel_depositario") or {}).get("qualidade")) in regra.depositarios
    }


def _custodia(s: Session, p: Processo) -> Custodia:
    c = s.get(Custodia, p.id)
    if c is None:
        raise NaoEncontrado(f"o processo {p.numero} não é de custódia", campo="processo_id")
    return c


def fatos(
    s: Session,
    p: Processo,
    data: dt.date,
    *,
    tem_custodia: bool | None = None,
    com_debitos: bool = False,
    vistos_por: Ator | None = None,
) -> FatosCustodia | None:
    """Os fatos da custódia na data do ato (None fora de um processo de custódia).
    `tem_custodia`: se o processo tem custódia, quando quem chama já o leu (`processos._Lido`:
    fora da custódia, nenhuma consulta). `com_debitos`: lê os débitos do legítimo proprietário
    em outros processos, que só a entrega consulta: todos sustam a entrega (LESTA art. 20), e
    a recusa os descreve como o extrato os mostra a `vistos_por`, quem registra
    (`debitos_do_proprietario_para`): os de outras OMs sem o número do processo. Sem
    `vistos_por`, nenhum vai pelo número."""
    if tem_custodia is False:
        return None
    c = s.get(Custodia, p.id)
    if c is None:
        return None
    e = extratos(s, [(c, p)], data)[p.id]
    nomes = {k: v.nome for k, v in dados_custodia().itens_diarios.items()}
    responsavel = s.get(Pessoa, p.autuado_id) if p.autuado_id else None
    contas = _atos_de_conta(s, [p.id], None).get(p.id, _Contas())
    achado = c.medida_id is None
    estrangeiro = False
    if achado:  # o recolhimento do bem achado diz se ele é estrangeiro (NORMAM-07 item 0205)
        estrangeiro = bool(_abertura(s, p).get("estrangeiro"))
    debitos = _debitos_vistos(s, vistos_por, p, c, data) if com_debitos else _Vistos()
    return FatosCustodia(
        achado=achado,
        estrangeiro=estrangeiro,
        responsavel_notificavel=bool(responsavel and (responsavel.endereco or "").strip()),
        pendencias=tuple(Pendencia(x.descricao, x.valor) for x in regras.pendencias(e, nomes)),
        debitos_do_proprietario=tuple(Pendencia(x.descricao, x.valor) for x in debitos.linhas),
        debitos_fora_da_vista=debitos.fora_da_vista,
        data_leilao=contas.data_leilao,
        leiloeiro_do_edital=contas.leiloeiro_do_edital,
    )


def _linhas(e: regras.Extrato) -> tuple[list[LinhaExtrato], list[str]]:
    d = dados_custodia()
    diarias = [
        LinhaExtrato(
            descricao=f"{d.itens_diarios[t.item].nome}: {t.dias} diária{'s' if t.dias != 1 else ''}"
            f" de {data_br(t.de)} a {data_br(t.ate)} a {moeda(t.valor_diario)} ({t.ato})",
            valor=t.subtotal,
            fundamento=d.itens_diarios[t.item].fonte.referencia(),
        )
        for t in e.trechos
    ]
    sem = [
        f"{d.itens_diarios[item].nome}: sem tabela da OM em vigor de {data_br(de)} a "
        f"{data_br(ate)} (não cobrado)"
        for item, de, ate in e.sem_tabela
    ]
    return diarias, sem


def _sem_diarias(e: regras.Extrato) -> str | None:
    regra = dados_custodia().diarias.sem_diarias
    if e.diarias_correm or regra is None:
        return None
    return f"{regra.regra} ({regra.referencia()})"


@caso_de_uso()
def extrato(
    s: Session, ator: Ator, processo_id: int, data: dt.date | None = None
) -> ExtratoCustodia:
    """As contas da custódia (hoje, ou na data pedida; a guarda encerrada para na entrega)."""
    p = carregar_processo(s, ator, processo_id)
    c = _custodia(s, p)
    quando = data or hoje()
    e = extratos(s, [(c, p)], quando)[p.id]
    diarias, sem = _linhas(e)
    nomes = {k: v.nome for k, v in dados_custodia().itens_diarios.items()}
    return ExtratoCustodia(
        processo_id=p.id,
        bem=c.bem,
        inicio=c.inicio,
        fim=c.fim,
        ate=e.ate,
        dias=e.diarias,
        diarias=diarias,
        sem_tabela=sem,
        sem_diarias=_sem_diarias(e),
        avulsas=[LinhaExtrato(descricao=x.descricao, valor=x.valor) for x in e.avulsas],
        total_custodia=e.total_custodia,
        pago=e.pago,
        multas=[LinhaExtrato(descricao=x.descricao, valor=x.valor) for x in e.multas],
        pendencias=[
            LinhaExtrato(descricao=x.descricao, valor=x.valor) for x in regras.pendencias(e, nomes)
        ],
        deduzido_do_leilao=e.deduzido_do_leilao,
        debitos_do_proprietario=[
            LinhaExtrato(descricao=x.descricao, valor=x.valor, fundamento=_referencia_sustacao())
            for x in (debitos_do_proprietario_para(s, ator, p, c, quando) if c.fim is None else [])
        ],
        total_devido=e.total_devido,
        regra=dados_custodia().diarias.regra,
    )


# --- efeitos dos atos ------------------------------------------------------------------------


CabePagamento = Callable[[Processo, Decimal], "str | None"]
"""Se o pagamento da multa de um processo, no valor dado, cabe nele na data do ato (None) ou
por que não (o motivo, com a norma): `processos` o confere pelo quadro do regime."""


def efeitos_antes(
    s: Session,
    p: Processo,
    tipo: str,
    data_ato: dt.date,
    dados: Any,
    payload: dict[str, Any],
    cabe_pagamento: CabePagamento | None = None,
) -> dict[str, Any]:
    """Confere os dados de um ato da custódia e completa o registro (payload). `cabe_pagamento`:
    no resultado do leilão, se a multa do processo de origem se paga nele com o produto."""
    d = dados_custodia()
    if isinstance(dados, DadosDespesa):
        if dados.item not in d.despesas_avulsas:
            raise EntradaInvalida(
                f"despesa desconhecida: {citado(dados.item)}; admitidas: "
                + com_nomes((k, v.nome) for k, v in d.despesas_avulsas.items()),
                campo="dados.item",
            )
        payload["fundamento"] = d.despesas_avulsas[dados.item].fonte.referencia()
    elif isinstance(dados, DadosLacres):
        _exigir_lacres_novos(s, p, dados)
    elif isinstance(dados, DadosReclamacao):
        from farol.services.inspecoes import DadosPessoa, registrar_pessoa  # ciclo

        conferir_qualidade(dados.reclamante, (), "dados.reclamante")
        pessoa = registrar_pessoa(
            s,
            DadosPessoa(
                documento=dados.reclamante.documento,
                nome=dados.reclamante.nome,
                endereco=dados.reclamante.endereco,
            ),
            "dados.reclamante",
        )
        p.autuado_id = pessoa.id  # quem prova a propriedade passa a ser o interessado
    elif isinstance(dados, DadosEntrega):
        conferir_qualidade(dados.recebedor, d.qualidades_de_quem_recebe.valores, "dados.recebedor")
        _conferir_legitimo_proprietario(s, p, dados.recebedor)
    elif isinstance(dados, DadosPagamentoCustodia):
        # as despesas da custódia; a multa do processo de origem se paga nele (o pagamento da
        # multa): o valor a mais ficava na custódia e a multa seguia devida lá
        e = extratos(s, [(_custodia(s, p), p)], data_ato)[p.id]
        saldo = max(e.saldo_custodia, regras.ZERO)
        if dados.valor > saldo:
            aviso = (
                f"; as multas ({moeda(e.total_multas)}) se pagam no processo de origem"
                if e.total_multas
                else ""
            )
            raise EntradaInvalida(
                f"valor pago ({moeda(dados.valor)}) maior que o saldo das despesas da custódia "
                f"em {data_br(data_ato)} ({moeda(saldo)}){aviso}",
                campo="dados.valor",
                regra=carregar_regime(p.regime).marca("paga_custodia").fontes[0].referencia(),
            )
    elif isinstance(dados, DadosEditalLeilao):
        if dados.data_leilao <= data_ato:
            raise EntradaInvalida(
                f"a data do leilão ({data_br(dados.data_leilao)}) vem depois da publicação "
                f"do edital ({data_br(data_ato)})",
                campo="dados.data_leilao",
            )
    elif isinstance(dados, DadosResultadoLeilao):
        conferir_qualidade(dados.arrematante, (), "dados.arrematante")
        payload["destinacao"] = _destinacao(s, p, data_ato, dados.valor_arrematado, cabe_pagamento)
        return {"destinacao": payload["destinacao"]}
    return {}


def _destinacao(
    s: Session,
    p: Processo,
    data_ato: dt.date,
    valor_arrematado: Decimal,
    cabe_pagamento: CabePagamento | None,
) -> dict[str, Any]:
    """O destino do produto do leilão (docs/interpretacoes.md, Ponto 13): primeiro as despesas
    da custódia, depois a multa do processo de origem (NORMAM-07 item 0312 a 3: "multas e taxas
    devidas"), que se paga nele (`processos` registra o pagamento lá, depois deste ato); o
    saldo fica à disposição do antigo proprietário. A multa que não se paga à OM na data (já
    encaminhada à dívida ativa, cuja cobrança é da PGFN, NORMAM-07 item 0314; ainda sem a
    ciência da decisão) não se deduz: antes, o produto a retinha e a origem a cobrava de novo."""
    e = extratos(s, [(_custodia(s, p), p)], data_ato)[p.id]
    despesas = max(e.saldo_custodia, regras.ZERO)
    resta = max(valor_arrematado - despesas, regras.ZERO)
    pagas: list[dict[str, Any]] = []
    fora: list[dict[str, Any]] = []
    origem = [p.origem_id] if p.origem_id is not None else []
    for pid, multa in _multas_da_origem(s, origem, data_ato).items():
        valor = min(resta, multa.valor)
        if valor <= 0:
            continue
        processo = s.get(Processo, pid)
        assert processo is not None
        motivo = cabe_pagamento(processo, valor) if cabe_pagamento is not None else None
        linha = {"processo": processo.numero, "processo_id": pid, "valor": str(valor)}
        if motivo is not None:
            fora.append({**linha, "valor": str(multa.valor), "motivo": motivo})
            continue
        pagas.append(linha)
        resta -= valor
    multas = sum((Decimal(x["valor"]) for x in pagas), regras.ZERO)
    saldo = valor_arrematado - min(valor_arrematado, despesas) - multas
    texto = (
        f"Do valor arrematado ({moeda(valor_arrematado)}) deduzem-se as despesas da custódia "
        f"({moeda(despesas)}) e as multas devidas ({moeda(multas)})"
    )
    if pagas:
        texto += " — " + "; ".join(
            f"a multa do processo {x['processo']} ({moeda(Decimal(x['valor']))}), paga nele com "
            "o produto"
            for x in pagas
        )
    texto += f"; o saldo de {moeda(saldo)} fica à disposição do antigo proprietário"
    if fora:
        texto += "; não se deduz " + "; nem ".join(
            f"a multa do processo {x['processo']} ({moeda(Decimal(x['valor']))}): {x['motivo']}"
            for x in fora
        )
    return {
        "valor_arrematado": str(valor_arrematado),
        "despesas_custodia": str(despesas),
        "multas": str(multas),
        "saldo": str(saldo),
        "multas_pagas": pagas,
        "multas_nao_deduzidas": fora,
        "texto": texto,
    }


def legitimo_proprietario(s: Session, p: Processo, c: Custodia | None = None) -> Pessoa | None:
    """O legítimo proprietário do bem (NORMAM-07 item 0312 a): na apreensão, o proprietário
    inscrito da embarcação; no achado, quem provou a propriedade na reclamação (o interessado
    do processo); None se ainda não se conhece."""
    c = c or _custodia(s, p)
    dono_id: int | None = p.autuado_id
    if c.medida_id is not None and c.embarcacao_id is not None:
        embarcacao = s.get(Embarcacao, c.embarcacao_id)
        dono_id = embarcacao.proprietario_id if embarcacao is not None else None
    return s.get(Pessoa, dono_id) if dono_id is not None else None


def _referencia_sustacao() -> str:
    return citacao("sustacao_por_debito").referencia()


def _debitos_que_sustam(
    s: Session, p: Processo, c: Custodia | None, data: dt.date | None = None
) -> list[Debito]:
    """As multas exigíveis (de infração à LESTA) do legítimo proprietário em outros processos
    na `data` (a do ato; hoje, por padrão), que sustam a entrega do bem (ato de interesse dele)
    até a quitação (LESTA art. 20): a mesma conta da situação de débito
    (`consultas.debitos_da_pessoa`), sem as de exigibilidade suspensa na data, com as
    encaminhadas à dívida ativa até a baixa. A entrega datada de antes do pagamento é recusada
    ainda que registrada depois dele; a datada de antes da intimação de uma multa, não. A da
    poluição não susta (o quadro do regime não declara `sustacao_por_debito`). A multa do
    processo de origem fica fora: o extrato já a cobra (NORMAM-07 item 0312 a 3)."""
    from farol.services.consultas import debitos_da_pessoa  # ciclo

    dono = legitimo_proprietario(s, p, c)
    if dono is None:
        return []
    return [
        d
        for d in debitos_da_pessoa(
            s, dono.id, incluir=lambda x: x.id not in (p.id, p.origem_id), data=data
        )
        # só a multa de infração à LESTA susta ("débito decorrente de infração desta Lei"): o
        # quadro do regime o declara (`sustacao_por_debito`); a da poluição, não
        if not d.suspenso and carregar_regime(d.processo.regime).quadro.sustacao_por_debito
    ]


def descricao_em_outras_oms(quantas: int) -> str:
    """A linha dos débitos de outras OMs, que não diz o processo nem a OM (LGPD art. 6º, III):
    '1 multa em processo de outra OM', '2 multas em processos de outras OMs'."""
    if quantas == 1:
        return "1 multa em processo de outra OM"
    return f"{quantas} multas em processos de outras OMs"


@dataclass(frozen=True)
class _Vistos:
    """Os débitos que sustam a entrega como `ator` os vê: `linhas`, os da jurisdição dele pelo
    número e os de outras OMs numa linha só, pela quantidade e a soma; `fora_da_vista`, há
    débito em outra OM que nem pela soma ele vê (sem `ve_dados_pessoais`)."""

    linhas: tuple[regras.Lancamento, ...] = ()
    fora_da_vista: bool = False


def _debitos_vistos(
    s: Session, ator: Ator | None, p: Processo, c: Custodia | None, data: dt.date | None
) -> _Vistos:
    proprios: list[regras.Lancamento] = []
    fora: list[Decimal] = []
    for d in _debitos_que_sustam(s, p, c, data):
        if ator is not None and d.processo.om_id in ator.oms:
            proprios.append(regras.Lancamento(f"multa do processo {d.processo.numero}", d.saldo))
        else:
            fora.append(d.saldo)
    if not fora:
        return _Vistos(tuple(proprios))
    if ator is not None and not pode(ator.papel, VE_DADOS_PESSOAIS):
        return _Vistos(tuple(proprios), fora_da_vista=True)
    soma = sum(fora, Decimal("0.00"))
    return _Vistos((*proprios, regras.Lancamento(descricao_em_outras_oms(len(fora)), soma)))


def debitos_do_proprietario_para(
    s: Session, ator: Ator, p: Processo, c: Custodia | None = None, data: dt.date | None = None
) -> list[regras.Lancamento]:
    """Os débitos do legítimo proprietário que o extrato e a recusa da entrega mostram ao
    `ator`, com a regra da situação de débito (`consultas.situacao`; papeis.yaml,
    `ve_dados_pessoais`; LGPD art. 6º, III): os da jurisdição dele processo a processo; os de
    outras OMs numa linha, pela quantidade e a soma, e só a quem vê os dados completos da
    pessoa. A guarda da entrega conta todos (`fatos`, `debitos_fora_da_vista`)."""
    return list(_debitos_vistos(s, ator, p, c, data).linhas)


def _conferir_legitimo_proprietario(s: Session, p: Processo, quem: Identificacao) -> None:
    """Quem recebe "na qualidade de proprietário" é o legítimo proprietário (NORMAM-07 item
    0312 a): na apreensão, o proprietário inscrito da embarcação; no achado, quem provou a
    propriedade na reclamação (o interessado do processo). Antes, qualquer documento passava
    com a qualidade declarada."""
    qualidades = dados_custodia().qualidades_de_quem_recebe
    if quem.qualidade is None or quem.qualidade != qualidades.do_proprietario:
        return
    c = _custodia(s, p)
    dono = legitimo_proprietario(s, p, c)
    if dono is None or so_digitos(quem.documento) == dono.documento:
        return
    origem = "o proprietário inscrito da embarcação" if c.medida_id else "quem provou a propriedade"
    raise EntradaInvalida(
        f"quem recebe na qualidade de proprietário é {dono.nome} "
        f"({formatar_documento(dono.documento)}), {origem}: informe o documento dele ou outra "
        "qualidade",
        campo="dados.recebedor.documento",
        regra=qualidades.fonte.referencia(),
    )


def _exigir_lacres_novos(s: Session, p: Processo, dados: DadosLacres) -> None:
    numeros = [x.numero for x in dados.lacres]
    repetidos = {n for n in numeros if numeros.count(n) > 1}
    ja = set(numeros) & {x["numero"] for x in lacres_do_processo(s, p)}
    if repetidos or ja:
        raise EntradaInvalida(
            f"lacre repetido: {', '.join(sorted(repetidos | ja))} (cada número uma vez)",
            campo="dados.lacres",
        )


def lacres_do_processo(s: Session, p: Processo) -> list[dict[str, Any]]:
    """Os lacres aplicados no processo (no recolhimento e nos atos de lacre), na ordem."""
    tipos = _tipos("registra_lacres") | _tipos("recolhe_bem")
    saida: list[dict[str, Any]] = []
    for a in s.execute(
        select(Ato).where(Ato.processo_id == p.id, Ato.tipo.in_(tipos)).order_by(Ato.seq)
    ).scalars():
        saida += [
            {**x, "data": a.data_ato.isoformat()} for x in (a.payload or {}).get("lacres", [])
        ]
    return saida


def efeitos_depois(s: Session, p: Processo, ato: Ato) -> None:
    """O fim da guarda (marca `encerra_custodia`): as diárias param nesse dia e a apreensão da
    embarcação se levanta, pelo ato que encerrou a guarda."""
    maquina = carregar_regime(p.regime)
    if not maquina.tem_marca(ato.tipo, "encerra_custodia"):
        return
    c = _custodia(s, p)
    c.fim = ato.data_ato
    if c.medida_id is not None:
        medida = s.get(MedidaAdministrativa, c.medida_id)
        assert medida is not None
        if medida.suspensa_em is None:
            medida.suspensa_em = _instante_do_dia(ato.data_ato)
            medida.suspensa_por_ato_id = ato.id


def corrigir_inicio(s: Session, p: Processo, data: dt.date, campo: str) -> None:
    """A correção da data do recolhimento muda o início da guarda, de que as diárias se contam
    (custodia.yaml, `diarias`: "do dia do recolhimento (incluído)"; LESTA art. 18): antes, o
    prazo de reclamação passava a contar da data nova e as diárias seguiam da antiga. O
    recolhimento não fica antes da apreensão, como no registro."""
    c = _custodia(s, p)
    if c.medida_id is not None:
        medida = s.get(MedidaAdministrativa, c.medida_id)
        assert medida is not None
        if data < data_local(medida.aplicada_em):
            raise EntradaInvalida(
                f"o recolhimento ({data_br(data)}) não pode ser anterior à apreensão "
                f"({data_br(data_local(medida.aplicada_em))})",
                campo=campo,
            )
    c.inicio = data


def _instante_do_dia(d: dt.date) -> dt.datetime:
    """O instante de um levantamento datado: agora, se hoje; senão, o meio-dia desse dia."""
    agora_ = agora()
    if d >= data_local(agora_):
        return agora_
    return dt.datetime.combine(d, dt.time(12), tzinfo=agora_.tzinfo)


# --- levantamento de medida no processo sancionador -----------------------------------------


def consulta_medidas_levantaveis(processo_id: Any) -> Any:
    """A contagem de `medidas_levantaveis` como subconsulta escalar, para o processo
    `processo_id` (um valor ou um `bindparam`): quem lê outras coisas do processo a junta à sua
    consulta (o registro de um ato, `processos._Lido`)."""
    sob_custodia = select(Custodia.processo_id).where(Custodia.medida_id == MedidaAdministrativa.id)
    return (
        select(func.count())
        .select_from(MedidaAdministrativa)
        .where(
            MedidaAdministrativa.processo_id == processo_id,
            MedidaAdministrativa.suspensa_em.is_(None),
            ~sob_custodia.exists(),
        )
        .scalar_subquery()
    )


@cache
def _consulta_levantaveis() -> Any:
    """`medidas_levantaveis`, montada uma vez (o processo entra como parâmetro)."""
    return select(consulta_medidas_levantaveis(bindparam("processo_id")))


def medidas_levantaveis(s: Session, p: Processo) -> int:
    """Quantas medidas do processo estão em vigor e se levantam por ato de levantamento (as
    de embarcação sob custódia se levantam pelo Termo de Entrega)."""
    return int(s.scalar(_consulta_levantaveis(), {"processo_id": p.id}) or 0)


def levantar_medida(
    s: Session, p: Processo, data_ato: dt.date, medida_id: int
) -> MedidaAdministrativa:
    """Confere o levantamento de uma medida do processo (antes de gravar o ato)."""
    medida = s.get(MedidaAdministrativa, medida_id)
    if medida is None or medida.processo_id != p.id:
        raise EntradaInvalida(
            f"a medida {medida_id} não foi aplicada neste processo", campo="dados.medida_id"
        )
    if medida.suspensa_em is not None:
        raise Conflito(
            f"a medida {medida_id} já foi levantada em {data_br(data_local(medida.suspensa_em))}",
            campo="dados.medida_id",
        )
    custodia = s.execute(
        select(Processo.numero)
        .join(Custodia, Custodia.processo_id == Processo.id)
        .where(Custodia.medida_id == medida.id)
    ).first()
    if custodia is not None:
        raise Conflito(
            f"a embarcação apreendida está sob custódia no processo {custodia[0]}: a "
            "apreensão se levanta pelo Termo de Entrega (NORMAM-07 item 0312 d)",
            campo="dados.medida_id",
        )
    if data_ato < data_local(medida.aplicada_em):
        raise EntradaInvalida(
            f"o levantamento ({data_br(data_ato)}) não pode ser anterior à medida "
            f"({data_br(data_local(medida.aplicada_em))})",
            campo="data_ato",
        )
    return medida


def gravar_levantamento(s: Session, ato: Ato, medida_id: int) -> None:
    medida = s.get(MedidaAdministrativa, medida_id)
    assert medida is not None
    medida.suspensa_em = _instante_do_dia(ato.data_ato)
    medida.suspensa_por_ato_id = ato.id


# --- tabela de valores da OM -----------------------------------------------------------------


def pode_fixar_tarifas(ator: Ator) -> bool:
    """O papel registra a tabela de valores diários da custódia da sua OM (papeis.yaml)."""
    return pode(ator.papel, FIXA_TARIFAS_CUSTODIA)


def quem_fixa_tarifas() -> tuple[str, ...]:
    """Os nomes dos papéis que registram a tabela, na ordem de papeis.yaml."""
    return tuple(nome_do_papel(p) for p in papeis_com(FIXA_TARIFAS_CUSTODIA))


@caso_de_uso(escrita=True)
def registrar_tarifa(s: Session, ator: Ator, cmd: NovaTarifa) -> TarifaRegistrada:
    if not pode_fixar_tarifas(ator):
        raise Proibido(
            f"o papel {nome_do_papel(ator.papel)} não registra a tabela de valores diários da "
            f"custódia; cabe a: {quem_tem(FIXA_TARIFAS_CUSTODIA)} da OM",
            campo="papel",
            regra=fundamento_da_permissao(FIXA_TARIFAS_CUSTODIA),
        )
    itens = dados_custodia().itens_diarios
    for item, valor in cmd.valores.items():
        if item not in itens:
            raise EntradaInvalida(
                f"item desconhecido: {citado(item)}; itens: "
                + com_nomes((k, v.nome) for k, v in itens.items()),
                campo=f"valores.{item}",
            )
        if valor < 0:
            raise EntradaInvalida("valor negativo", campo=f"valores.{item}")
    om = s.get(OM, ator.om_id)
    assert om is not None
    ja = s.execute(
        select(func.count())
        .select_from(TarifaCustodia)
        .where(TarifaCustodia.om_id == om.id, TarifaCustodia.vigente_desde == cmd.vigente_desde)
    ).scalar_one()
    if ja:
        raise Conflito(
            f"a OM já tem tabela a partir de {data_br(cmd.vigente_desde)}: uma tabela nova "
            "vale a partir de outra data (a anterior fica no histórico)",
            campo="vigente_desde",
        )
    instante = agora()
    for item, valor in cmd.valores.items():
        s.add(
            TarifaCustodia(
                om_id=om.id,
                vigente_desde=cmd.vigente_desde,
                item=item,
                valor=valor,
                ato=cmd.ato,
                registrada_em=instante,
                registrada_por=ator.usuario_id,
            )
        )
    s.flush()
    return TarifaRegistrada(
        om=om.sigla, vigente_desde=cmd.vigente_desde, ato=cmd.ato, valores=dict(cmd.valores)
    )


@caso_de_uso()
def tarifas(s: Session, ator: Ator) -> list[TarifaRegistrada]:
    """As tabelas da OM do usuário, da mais recente à mais antiga."""
    om = s.get(OM, ator.om_id)
    assert om is not None
    por_data: dict[dt.date, TarifaRegistrada] = {}
    for t in s.execute(
        select(TarifaCustodia)
        .where(TarifaCustodia.om_id == om.id)
        .order_by(TarifaCustodia.vigente_desde.desc(), TarifaCustodia.id)
    ).scalars():
        r = por_data.setdefault(
            t.vigente_desde,
            TarifaRegistrada(om=om.sigla, vigente_desde=t.vigente_desde, ato=t.ato, valores={}),
        )
        r.valores[t.item] = t.valor
    return list(por_data.values())


# --- leitura ---------------------------------------------------------------------------------


def medidas_do_processo(s: Session, p: Processo) -> list[dict[str, Any]]:
    """As medidas aplicadas neste processo, com o levantamento e a custódia que abriram."""
    from farol.normas.medidas import carregar_tabela

    nomes = {k: v.nome for k, v in carregar_tabela().medidas.items()}
    linhas = s.execute(
        select(MedidaAdministrativa, Custodia.processo_id)
        .outerjoin(Custodia, Custodia.medida_id == MedidaAdministrativa.id)
        .where(MedidaAdministrativa.processo_id == p.id)
        .order_by(MedidaAdministrativa.id)
    ).all()
    return [
        {
            "id": m.id,
            "tipo": m.tipo,
            "nome": nomes.get(m.tipo, m.tipo),
            "aplicada_em": m.aplicada_em,
            "em_vigor": m.suspensa_em is None,
            "levantada_em": m.suspensa_em,
            "levantada_pelo_ato_id": m.suspensa_por_ato_id,
            "custodia_id": custodia_id,
            "fundamentos": list(m.fundamentos or []),
        }
        for m, custodia_id in linhas
    ]


def _abertura(s: Session, p: Processo) -> dict[str, Any]:
    """Os dados do recolhimento, o ato que abre a custódia (o local, o depositário, o bem
    estrangeiro)."""
    payload = s.execute(
        select(Ato.payload).where(Ato.processo_id == p.id).order_by(Ato.seq).limit(1)
    ).scalar_one_or_none()
    return dict(payload or {})


def resumo(s: Session, p: Processo, data: dt.date | None = None) -> dict[str, Any] | None:
    """O bem sob guarda e as contas até `data` (hoje), ou None fora da custódia."""
    c = s.get(Custodia, p.id)
    if c is None:
        return None
    e = extratos(s, [(c, p)], data or hoje())[p.id]
    abertura = _abertura(s, p)
    return {
        "bem": c.bem,
        "achado": c.medida_id is None,
        "estrangeiro": bool(abertura.get("estrangeiro")),
        "inicio": c.inicio,
        "fim": c.fim,
        "dias": e.diarias,
        "local_guarda": abertura.get("local_guarda"),
        "fiel_depositario": abertura.get("fiel_depositario"),
        "estado_na_chegada": abertura.get("estado_na_chegada"),
        "lacres": lacres_do_processo(s, p),
        "total_custodia": e.total_custodia,
        "pago": e.pago,
        "saldo_custodia": max(e.saldo_custodia, regras.ZERO),
        "total_devido": e.total_devido,
        "medida_id": c.medida_id,
        "origem_id": p.origem_id,
    }
