"""Painel da OM: os números do dia, os mesmos que a API responde em GET /api/v1/painel.

Cada figura é uma consulta de `farol.services.consultas` (ou uma contagem simples sobre as
mesmas tabelas), dentro da jurisdição do usuário:

- processos por estado (na ordem do quadro de estados), pelo contador por OM, regime e estado
  que o banco mantém (`processos_por_estado`);
- prazos em aberto que vencem hoje, nos próximos 7 dias e os já vencidos, contados pelo contador
  por OM e dia de vencimento que o banco mantém (`prazos_em_curso_por_dia`);
- embarcações apreendidas (medida de apreensão não suspensa: a levantada sai da lista);
- embarcações e bens sob custódia, com os dias de guarda, as contas até hoje e o próximo
  vencimento, pelo próximo vencimento;
- navios retidos sem o Certificado de Garantia Financeira (CLC-69), ainda não liberados;
- multas com o prazo de pagamento vencido;
- processos perto da prescrição (Lei 9.873/1999), com 180 dias de antecedência.

Cada lista vem com a sua contagem (`contagens`) e só os primeiros `limite` itens, na sua ordem
(a lista filtrada de /processos, ou um `limite` maior, mostra o resto). O número de comandos
SQL não depende do número de processos da jurisdição: contagens por agregação, as listas em
consultas por conjunto com `count(*) over ()` e LIMIT, nenhuma consulta por processo
(tests/integration/test_painel_escala.py).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from farol import entrada
from farol.domain.procedimento.carregar import carregar_regimes, estados_dos_regimes
from farol.normas.prazos import catalogo_prazos
from farol.services import consultas, custodia, prazos_por_dia, processos_por_estado
from farol.services.jurisdicao import Ator
from farol.services.resultados.painel import FigurasDoPainel
from farol.services.resultados.processo import PrazoComProcesso
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import (
    Ato,
    Custodia,
    Embarcacao,
    Inspecao,
    MedidaAdministrativa,
    Prazo,
    Processo,
    ProcessoResumo,
)

DIAS_DA_SEMANA = 7
ANTECEDENCIA_PRESCRICAO = 180
INICIO_DOS_TEMPOS = dt.date(1900, 1, 1)
APREENSAO = "apreensao_embarcacao"
ITENS_POR_LISTA = entrada.POR_PAGINA_PADRAO
"""Itens de cada lista do painel quando o pedido não diz (`limite`)."""


def _pagina(s: Session, q: Select[Any], limite: int) -> tuple[int, list[Any]]:
    """As primeiras `limite` linhas de `q` e quantas são ao todo, num comando só: a última
    coluna de cada linha é o total (`count(*) over ()`, contado antes do LIMIT)."""
    linhas = s.execute(q.add_columns(func.count().over()).limit(limite)).all()
    return (int(linhas[0][-1]) if linhas else 0), [tuple(x)[:-1] for x in linhas]


def prazos(
    s: Session, ator: Ator, de: dt.date, ate: dt.date, limite: int
) -> tuple[int, list[PrazoComProcesso]]:
    """Os prazos em curso que vencem no período, os primeiros pelo vencimento, e quantos são:
    a contagem pelo contador por OM e dia de vencimento (`prazos_por_dia`, uma linha por dia e
    não uma por prazo: os vencidos do país, a 1 milhão de processos, eram 881 mil entradas de
    índice), a página só no índice por data, e só as linhas da página inteiras."""
    total = prazos_por_dia.contar(s, ator.oms, de, ate)
    if not total or not limite:
        return total, []
    # a página na ordem do índice dos prazos em curso por data (vencimento, processo, prazo,
    # com a OM no próprio índice): percorrido em ordem, para nos primeiros `limite` da
    # jurisdição, sem juntar os processos de todos os prazos que vencem no mesmo dia (a 1 milhão
    # de processos, os 30 mil do país num dia: 200 ms). O SQLite preferia o índice por OM e
    # ordenava a jurisdição inteira (100 mil processos: 250 a 670 ms): lá, a OM comparada como
    # expressão (`om_id + 0`) não escolhe índice, e fica a ordem do índice por data
    om = Prazo.om_id + 0 if s.get_bind().dialect.name == "sqlite" else Prazo.om_id
    ids = list(
        s.execute(
            select(Prazo.id)
            .where(*consultas.condicoes_de_prazos(ator.oms, de, ate, om=om))
            .order_by(*consultas.ORDEM_DOS_PRAZOS)
            .limit(limite)
        ).scalars()
    )
    linhas = s.execute(
        select(Prazo, Processo)
        .join(Processo, Processo.id == Prazo.processo_id)
        .where(Prazo.id.in_(ids))
        .order_by(*consultas.ORDEM_DOS_PRAZOS)
    ).all()
    return total, [consultas.prazo_com_processo(prazo, p) for prazo, p in linhas]


def por_estado(s: Session, ator: Ator) -> list[dict[str, Any]]:
    """Contagem de processos por estado, na ordem dos quadros, só os estados com processos."""
    contagem = consultas.contagem_por_estado.na_sessao(s, ator)
    regimes = processos_por_estado.regimes_por_estado(s, ator.oms)
    quadros = {m.regime: m for m in carregar_regimes()}
    saida: list[dict[str, Any]] = []
    for estado in estados_dos_regimes().values():
        if contagem.get(estado.id):
            # o nome do estado no quadro de cada regime que tem processos nele (o `arquivado` da
            # LESTA não é o "Inquérito arquivado"); nomes diferentes, juntos
            nomes = sorted(
                {
                    quadros[r].estados[estado.id].nome
                    for r in regimes.get(estado.id, ())
                    if r in quadros and estado.id in quadros[r].estados
                }
            )
            saida.append(
                {
                    "estado": estado.id,
                    "nome": " / ".join(nomes) or estado.nome,
                    "final": estado.final,
                    # fora da OM (a dívida ativa, cobrada pela PGFN): nem em andamento nem final
                    "fora_da_om": estado.encerra_prazos,
                    "quantidade": contagem[estado.id],
                }
            )
    conhecidos = {x["estado"] for x in saida}
    for codigo, n in sorted(contagem.items()):
        if codigo not in conhecidos:  # estado que nenhum quadro declara
            saida.append(
                {"estado": codigo, "nome": codigo, "final": False, "fora_da_om": False,
                 "quantidade": n}
            )  # fmt: skip
    return saida


def embarcacoes_apreendidas(
    s: Session, ator: Ator, limite: int = ITENS_POR_LISTA
) -> tuple[int, list[dict[str, Any]]]:
    """Apreensões de embarcação aplicadas na jurisdição e ainda não suspensas, as mais recentes
    primeiro, e quantas são."""
    total, linhas = _pagina(
        s,
        select(MedidaAdministrativa, Inspecao, Embarcacao, Processo)
        .join(Inspecao, Inspecao.id == MedidaAdministrativa.inspecao_id)
        .join(Embarcacao, Embarcacao.id == Inspecao.embarcacao_id)
        .outerjoin(Processo, Processo.id == MedidaAdministrativa.processo_id)
        .where(
            MedidaAdministrativa.tipo == APREENSAO,
            MedidaAdministrativa.suspensa_em.is_(None),
            Inspecao.om_id.in_(ator.oms),
        )
        .order_by(MedidaAdministrativa.aplicada_em.desc(), MedidaAdministrativa.id.desc()),
        limite,
    )
    return total, [
        {
            "medida_id": m.id,
            "aplicada_em": m.aplicada_em.isoformat(),
            "embarcacao": {"id": e.id, "nome": e.nome, "inscricao": e.inscricao},
            "local": i.local,
            "processo": None if p is None else {"id": p.id, "numero": p.numero, "estado": p.estado},
            "fundamentos": list(m.fundamentos or []),
        }
        for m, i, e, p in linhas
    ]


def sob_custodia(
    s: Session, ator: Ator, hoje: dt.date, limite: int = ITENS_POR_LISTA
) -> tuple[int, list[dict[str, Any]]]:
    """Embarcações e bens sob a guarda da OM (custódia sem fim) na jurisdição, pelo próximo
    vencimento (os sem prazo em curso por último), e quantos são: uma consulta para a lista,
    com o próximo prazo e o local da guarda em subconsultas, e as contas só dos primeiros,
    pelos extratos por conjunto de `custodia.extratos`."""
    abertos = (
        select(Prazo)
        .where(Prazo.processo_id == Custodia.processo_id, Prazo.encerrado_em.is_(None))
        .order_by(Prazo.vencimento, Prazo.id)
        .limit(1)
    )
    vencimento = abertos.with_only_columns(Prazo.vencimento).scalar_subquery()
    etapa = abertos.with_only_columns(Prazo.etapa).scalar_subquery()
    regime = abertos.with_only_columns(Prazo.regime).scalar_subquery()
    abertura = (
        select(Ato.payload)
        .where(Ato.processo_id == Custodia.processo_id)
        .order_by(Ato.seq)
        .limit(1)
        .scalar_subquery()
    )
    total, linhas = _pagina(
        s,
        select(Custodia, Processo, Embarcacao, vencimento, etapa, regime, abertura)
        .join(Processo, Processo.id == Custodia.processo_id)
        .outerjoin(Embarcacao, Embarcacao.id == Custodia.embarcacao_id)
        .where(Custodia.fim.is_(None), Processo.om_id.in_(ator.oms))
        .order_by(vencimento.is_(None), vencimento, Custodia.inicio, Custodia.processo_id),
        limite,
    )
    contas = custodia.extratos(s, [(c, p) for c, p, *_ in linhas], hoje)
    prazos = catalogo_prazos()
    saida = []
    for c, p, e, venc, etapa_, regime_, dados in linhas:
        conta = contas[p.id]
        saida.append(
            {
                "processo": {"id": p.id, "numero": p.numero, "estado": p.estado},
                "bem": c.bem,
                "embarcacao": None
                if e is None
                else {"id": e.id, "nome": e.nome, "inscricao": e.inscricao},
                "achado": c.medida_id is None,
                "local_guarda": (dados or {}).get("local_guarda"),
                "inicio": c.inicio,
                "dias": conta.diarias,
                "total_custodia": conta.total_custodia,
                "total_devido": conta.total_devido,
                "proximo_prazo": None
                if venc is None
                else {
                    "etapa": etapa_,
                    "nome": prazos.nome_da_etapa(regime_, etapa_),
                    "vencimento": venc,
                    "vencido": venc < hoje,
                },
            }
        )
    return total, saida


def embarcacoes_retidas(
    s: Session, ator: Ator, limite: int = ITENS_POR_LISTA
) -> tuple[int, list[dict[str, Any]]]:
    """Retenções CLC-69 sem liberação na jurisdição, pelo processo, e quantas são: a retenção
    em vigor (o último ato de retenção ou de liberação é uma retenção, marcas
    `retem_embarcacao` e `libera_embarcacao`) vem do modelo de leitura (`retida_em`); os dados
    do ato de retenção, só dos processos da página."""
    retem = {t for m in carregar_regimes() for t in m.tipos_com("retem_embarcacao")}
    if not retem:
        return 0, []
    total, linhas = _pagina(
        s,
        select(Processo, Embarcacao, ProcessoResumo.retida_em)
        .join(ProcessoResumo, ProcessoResumo.processo_id == Processo.id)
        .join(Embarcacao, Embarcacao.id == Processo.embarcacao_id)
        .where(ProcessoResumo.om_id.in_(ator.oms), ProcessoResumo.retida_em.is_not(None))
        .order_by(Processo.id),
        limite,
    )
    dados_de: dict[int, dict[str, Any]] = {}
    if linhas:
        for pid, payload in s.execute(
            select(Ato.processo_id, Ato.payload)
            .where(Ato.processo_id.in_([p.id for p, _, _ in linhas]), Ato.tipo.in_(retem))
            .order_by(Ato.seq)
        ):
            dados_de[pid] = payload or {}  # o último ato de retenção de cada processo
    return total, [
        {
            "retida_em": data.isoformat(),
            "embarcacao": {"id": e.id, "nome": e.nome, "inscricao": e.inscricao},
            "toneladas_oleo_granel": str(dados_de.get(p.id, {}).get("toneladas_oleo_granel")),
            "processo": {"id": p.id, "numero": p.numero, "estado": p.estado},
            "fundamentos": list(dados_de.get(p.id, {}).get("fundamentos") or []),
        }
        for p, e, data in linhas
    ]


@caso_de_uso(replica=True)
def figuras(
    s: Session, ator: Ator, hoje: dt.date, limite: int = ITENS_POR_LISTA
) -> FigurasDoPainel:
    """Todas as figuras do painel para `ator` na data `hoje`: as contagens inteiras e os
    primeiros `limite` itens de cada lista."""
    estados = por_estado(s, ator)
    fim_semana = hoje + dt.timedelta(days=DIAS_DA_SEMANA)
    n_hoje, vencem_hoje = prazos(s, ator, hoje, hoje, limite)
    n_semana, vencem_semana = prazos(s, ator, hoje + dt.timedelta(days=1), fim_semana, limite)
    n_vencidos, vencidos = prazos(s, ator, INICIO_DOS_TEMPOS, hoje - dt.timedelta(days=1), limite)
    n_apreendidas, apreendidas = embarcacoes_apreendidas(s, ator, limite)
    n_custodias, custodias = sob_custodia(s, ator, hoje, limite)
    n_retidas, retidas = embarcacoes_retidas(s, ator, limite)
    n_multas, multas = consultas.pagina_de_multas_vencidas(s, ator.oms, hoje, limite)
    n_restituicoes, restituicoes = consultas.pagina_de_restituicoes(s, ator.oms, limite)
    prescricao = consultas.alertas_prescricao.na_sessao(
        s, ator, hoje, antecedencia_dias=ANTECEDENCIA_PRESCRICAO
    )
    resposta = {
        "hoje": hoje.isoformat(),
        "om": ator.om_sigla,
        "limite": limite,
        "processos": {
            "total": sum(x["quantidade"] for x in estados),
            "em_andamento": sum(
                x["quantidade"] for x in estados if not x["final"] and not x["fora_da_om"]
            ),
            "por_estado": estados,
        },
        "prazos": {
            "hoje": vencem_hoje,
            "semana": vencem_semana,
            "semana_ate": fim_semana.isoformat(),
            "vencidos": vencidos,
        },
        "apreendidas": apreendidas,
        "custodias": custodias,
        "retidas": retidas,
        "multas_vencidas": multas,
        "restituicoes": restituicoes,
        "prescricao": prescricao[:limite],
        "antecedencia_prescricao_dias": ANTECEDENCIA_PRESCRICAO,
        "contagens": {
            "processos": sum(x["quantidade"] for x in estados),
            "prazos_hoje": n_hoje,
            "prazos_semana": n_semana,
            "prazos_vencidos": n_vencidos,
            "apreendidas": n_apreendidas,
            "custodias": n_custodias,
            "retidas": n_retidas,
            "multas_vencidas": n_multas,
            "restituicoes": n_restituicoes,
            "prescricao": len(prescricao),
        },
    }
    return FigurasDoPainel.model_validate(resposta)
