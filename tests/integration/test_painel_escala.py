"""Painel e lista de processos em escala (issue 13): o número de comandos SQL não cresce com o
número de processos da jurisdição; cada lista do painel traz os primeiros itens e a contagem
inteira; as multas vencidas e os alertas de prescrição, agora por conjunto, são os mesmos do
cálculo antigo (processo a processo)."""

from __future__ import annotations

import datetime as dt
import html
import re
from pathlib import Path
from typing import Any

import pytest
from apoio import comandos_sql, csrf_de, hash_rapido
from fastapi.testclient import TestClient
from semente import atores, registrar
from sqlalchemy import select

from farol.app import criar_app
from farol.config import Configuracao
from farol.normas.atos_do_sistema import atos_do_sistema
from farol.relogio import hoje
from farol.rules.prescricao import prescreve_em
from farol.services import consultas, demo, painel, usuarios
from farol.services.consultas import FiltroDeProcessos
from farol.services.jurisdicao import Ator
from farol.services.resultados.painel import FigurasDoPainel
from farol.store import repositorio
from farol.store.db import Banco
from farol.store.orm import Ato, Processo
from integration.test_estatisticas_escala import mais_processos

API = "/api/v1"
SEGREDO = "segredo-dos-testes-painel-escala-" + "x" * 24
N = 6
LOGINS = ("dpc", "autoridade.cpsc")
FILTROS = (
    FiltroDeProcessos(),
    FiltroDeProcessos(ordem="prazo", por_pagina=10),
    FiltroDeProcessos(vencidos=True, ordem="-numero"),
    FiltroDeProcessos(om="CPSC", pagina=2, por_pagina=5),
)


@pytest.fixture
def demo_carregada(banco: Banco, monkeypatch: pytest.MonkeyPatch) -> Banco:
    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    demo.carregar_demo(banco, hoje(), log=lambda _: None)
    return banco


def figuras(
    banco: Banco, ator: Ator, limite: int = painel.ITENS_POR_LISTA, data: dt.date | None = None
) -> tuple[FigurasDoPainel, int]:
    with comandos_sql(banco.engine) as comandos, banco.unit_of_work(somente_leitura=True) as s:
        f = painel.figuras.na_sessao(s, ator, data or hoje(), limite)
    return f, len(comandos)


def listas(banco: Banco, ator: Ator) -> list[tuple[int, int]]:
    """(total, comandos) de cada filtro da lista de processos."""
    saida = []
    for filtro in FILTROS:
        with comandos_sql(banco.engine) as comandos, banco.unit_of_work(somente_leitura=True) as s:
            pagina = consultas.listar_processos.na_sessao(s, ator, filtro)
        assert len(pagina.itens) <= filtro.por_pagina
        saida.append((pagina.total, len(comandos)))
    return saida


def test_comandos_do_painel_e_da_lista_nao_crescem_com_os_processos(
    demo_carregada: Banco,
) -> None:
    banco = demo_carregada
    a = atores(banco)
    mais_processos(banco, N)
    antes = {login: (figuras(banco, a[login]), listas(banco, a[login])) for login in LOGINS}
    mais_processos(banco, 2 * N, primeiro=100 + N)  # 3N a mais que a demonstração
    for login, ((f_antes, comandos_antes), listas_antes) in antes.items():
        f, comandos = figuras(banco, a[login])
        assert comandos == comandos_antes, (login, comandos_antes, comandos)
        # BEGIN, estados, e por lista a contagem e a página (as linhas inteiras só da página)
        assert comandos <= 20, comandos
        # os processos novos contam (todos da CPSC, na jurisdição dos dois)
        assert f.contagens.processos == f_antes.contagens.processos + 2 * N
        assert sum(x.quantidade for x in f.processos.por_estado) == f.contagens.processos
        depois = listas(banco, a[login])
        # BEGIN, contagem, ids da página, linhas da página, etapas dos próximos prazos (+ a
        # OM pedida e a árvore)
        assert [n for _, n in depois] == [n for _, n in listas_antes], (login, depois)
        assert max(n for _, n in depois) <= 7, depois
        assert depois[0][0] == listas_antes[0][0] + 2 * N


def test_cada_lista_do_painel_traz_os_primeiros_e_a_contagem_inteira(
    demo_carregada: Banco,
) -> None:
    banco = demo_carregada
    a = atores(banco)
    mais_processos(banco, N)
    listas_do_painel = {
        "prazos_hoje": lambda f: f.prazos.hoje,
        "prazos_semana": lambda f: f.prazos.semana,
        "prazos_vencidos": lambda f: f.prazos.vencidos,
        "apreendidas": lambda f: f.apreendidas,
        "custodias": lambda f: f.custodias,
        "retidas": lambda f: f.retidas,
        "multas_vencidas": lambda f: f.multas_vencidas,
        "restituicoes": lambda f: f.restituicoes,
        "prescricao": lambda f: f.prescricao,
    }
    # dois anos adiante: prazos vencidos, multas vencidas e alertas de prescrição em quantidade
    for data in (hoje(), hoje() + dt.timedelta(days=365 * 2 + 200)):
        for login in LOGINS:
            inteiro, comandos_inteiro = figuras(banco, a[login], 500, data)
            dois, comandos_dois = figuras(banco, a[login], 2, data)
            assert comandos_dois == comandos_inteiro
            assert (inteiro.limite, dois.limite) == (500, 2)
            assert dois.contagens == inteiro.contagens
            for nome, lista in listas_do_painel.items():
                todos = lista(inteiro)
                assert len(todos) == getattr(inteiro.contagens, nome), nome
                assert lista(dois) == todos[:2], nome
    mais_de_dois = [n for n, x in inteiro.contagens.model_dump().items() if x > 2]
    assert {"prazos_vencidos", "multas_vencidas", "prescricao"} <= set(mais_de_dois)


def multas_vencidas_antigas(banco: Banco, ator: Ator, data: dt.date) -> list[Any]:
    """O oráculo: o cálculo de antes da issue 13, processo a processo."""
    saida = []
    with banco.unit_of_work(somente_leitura=True) as s:
        for p in s.execute(
            select(Processo)
            .where(
                Processo.om_id.in_(ator.oms),
                Processo.estado.not_in(consultas._estados_finais()),
            )
            .order_by(Processo.numero)
        ).scalars():
            venc = consultas._vencimento_pagamento(s, p)
            if venc is None or venc >= data:
                continue
            total, pago = repositorio.total_multas(s, p), repositorio.total_pago(s, p)
            if total - pago > 0:
                saida.append((venc, p.id, (p.numero, total - pago, venc, (data - venc).days)))
    # as vencidas há mais tempo primeiro; no mesmo vencimento, pela abertura do processo
    return [linha for *_, linha in sorted(saida)]


def prescricao_antiga(banco: Banco, ator: Ator, data: dt.date, antecedencia: int) -> list[Any]:
    """O oráculo: o cálculo de antes da issue 13, processo a processo."""
    saida = []
    with banco.unit_of_work(somente_leitura=True) as s:
        for p in s.execute(
            select(Processo).where(
                Processo.om_id.in_(ator.oms),
                # o sobrestado também: a prescrição corre nele (interpretacoes.md, ponto 17)
                Processo.estado.not_in(consultas._estados_sem_prescricao()),
            )
        ).scalars():
            atos = s.execute(
                select(Ato.tipo, Ato.data_ato)
                .where(Ato.processo_id == p.id, Ato.tipo.not_in(atos_do_sistema().tipos))
                .order_by(Ato.seq)
            ).all()
            marco = repositorio.marco_da_prescricao(s, p, [(t, d) for t, d in atos])
            ultimo = atos[-1][1] if atos else marco
            for tipo, etapa, desde in (
                ("quinquenal", "punitiva", marco),
                ("intercorrente", "intercorrente", ultimo),
            ):
                termo = prescreve_em(etapa, desde)
                if termo is not None and (termo[0] - data).days <= antecedencia:
                    saida.append((p.numero, tipo, termo[0]))
    return sorted(saida)


# hoje, um e dois anos adiante; e as datas em que o corte do banco (marco mais os anos da
# prescrição intercorrente, 3, e da quinquenal, 5, menos a antecedência) cai entre os marcos
# dos processos, que se espalham pelos últimos meses
DIAS_ADIANTE = (0, 365, 730, *(365 * anos - d for anos in (3, 5) for d in (330, 270, 210, 150)))


def test_multas_vencidas_e_prescricao_por_conjunto_sao_as_do_calculo_antigo(
    demo_carregada: Banco,
) -> None:
    banco = demo_carregada
    a = atores(banco)
    mais_processos(banco, N)
    # a apuração da demonstração abre o processo sancionador: sem inspeção, o fato é o dela
    with banco.unit_of_work(somente_leitura=True) as s:
        apuracao = s.execute(select(Processo.id).where(Processo.regime == "apuracao")).scalar_one()
    conversao = {"infracoes": ["RLESTA.16.II"], "fundamentacao": "Fotografias confirmam o fato."}
    registrar(banco, "autoridade.cpsc", apuracao, "notificacao_da_apuracao", hoje(), **conversao)
    with banco.unit_of_work(somente_leitura=True) as s:
        aberto = s.execute(select(Processo).where(Processo.origem_id == apuracao)).scalar_one()
        assert aberto.inspecao_id is None
        fato = repositorio.data_do_fato(s, aberto)
        assert consultas.datas_do_fato(s, {aberto.id, apuracao}) == {
            aberto.id: fato,
            apuracao: fato,
        }
    vistos: set[tuple[str, str]] = set()
    for dias in DIAS_ADIANTE:
        data = hoje() + dt.timedelta(days=dias)
        for login in (*LOGINS, "delegado.itajai", "autoridade.cpsp"):
            ator = a[login]
            with banco.unit_of_work(somente_leitura=True) as s:
                multas = consultas.multas_vencidas.na_sessao(s, ator, data)
                alertas = consultas.alertas_prescricao.na_sessao(
                    s, ator, data, antecedencia_dias=180
                )
            assert [
                (x.numero, x.saldo, x.vencimento_pagamento, x.dias_em_atraso) for x in multas
            ] == multas_vencidas_antigas(banco, ator, data), (login, data)
            assert [x.prescreve_em for x in alertas] == sorted(x.prescreve_em for x in alertas)
            assert sorted((x.numero, x.tipo, x.prescreve_em) for x in alertas) == (
                prescricao_antiga(banco, ator, data, 180)
            ), (login, data)
            vistos |= {(x.numero, x.tipo) for x in alertas}
    # não é uma igualdade de vazios: os dois tipos de prescrição, e o processo sem inspeção
    assert {tipo for _, tipo in vistos} == {"quinquenal", "intercorrente"}
    assert aberto.numero in {numero for numero, _ in vistos}


def test_painel_pagina_e_api_com_limite(demo_carregada: Banco, tmp_path: Path) -> None:
    banco = demo_carregada
    config = Configuracao(pasta_dados=tmp_path, database_url=str(banco.url), segredo=SEGREDO)
    with TestClient(criar_app(config, banco), follow_redirects=False) as c:
        r = c.post(f"{API}/auth/token", data={"username": "dpc", "password": "farol2026"})
        api = {"Authorization": f"Bearer {r.json()['access_token']}"}
        inteiro = c.get(f"{API}/painel", headers=api).json()
        assert inteiro["limite"] == painel.ITENS_POR_LISTA
        um = c.get(f"{API}/painel", headers=api, params={"limite": 1}).json()
        assert um["limite"] == 1 and um["contagens"] == inteiro["contagens"]
        assert um["multas_vencidas"] == inteiro["multas_vencidas"][:1]
        assert inteiro["contagens"]["multas_vencidas"] > 1
        for errado in (0, 501, "x"):
            r = c.get(f"{API}/painel", headers=api, params={"limite": errado})
            assert r.status_code == 422 and "limite" in r.text, errado

        r = c.post(
            "/entrar",
            data={"csrf": csrf_de(c.get("/entrar").text), "login": "dpc", "senha": "farol2026"},
        )
        assert r.status_code == 303, r.text
        pagina = html.unescape(c.get("/painel", params={"limite": 1}).text)
        n = inteiro["contagens"]["multas_vencidas"]
        multas = pagina[pagina.index('id="multas"') :]
        assert f"Mostrando os primeiros 1 de {n}." in multas
        assert '<a href="/painel?limite=500#multas">' in multas
        assert len(re.findall(r'<tr><td data-rotulo="Processo">', multas.split("</table>")[0])) == 1
        contadores = dict(re.findall(r'data-contagem="([a-z_]+)" data-valor="(\d+)"', pagina))
        assert {k: int(v) for k, v in contadores.items()} == inteiro["contagens"]
        # sem nada a mais, nenhum "mostrando"; limite inválido na página: o padrão
        assert "Mostrando os primeiros" not in c.get("/painel").text
        assert c.get("/painel", params={"limite": "x"}).status_code == 200


def test_estado_de_mesmo_id_em_outro_quadro_leva_o_nome_do_regime_dos_processos(
    demo_carregada: Banco,
) -> None:
    """`arquivado` é da LESTA ("Arquivado") e do inquérito ("Inquérito arquivado"): o painel
    chamava de "Inquérito arquivado" os processos da LESTA arquivados."""
    a = atores(demo_carregada)
    f, _ = figuras(demo_carregada, a["autoridade.cpsc"])
    arquivados = [x for x in f.processos.por_estado if x.estado == "arquivado"]
    with demo_carregada.unit_of_work(somente_leitura=True) as s:
        regimes = set(
            s.execute(
                select(Processo.regime).where(
                    Processo.estado == "arquivado", Processo.om_id.in_(a["autoridade.cpsc"].oms)
                )
            ).scalars()
        )
    assert regimes == {"lesta"}, regimes  # a demonstração: dois processos da LESTA arquivados
    assert [(x.nome, x.quantidade) for x in arquivados] == [("Arquivado", 2)]
