"""As contas da custódia e os débitos do legítimo proprietário em processos de outras OMs.

A situação de débito (GET /situacao) mostra a quem não tem `ve_dados_pessoais` só os débitos da
sua jurisdição, e a quem tem, os de fora só pela soma (papeis.yaml, ve_dados_pessoais; LGPD
art. 6º, III). O extrato da custódia (GET /processos/{id}/custodia e a página do processo)
listava cada multa de outra OM com o número do processo e o valor a qualquer papel que lê a
custódia, o de consulta e o auditor inclusive (revisão de segurança de 2026-12-06)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select

from farol.relogio import hoje
from farol.services import consultas, custodia, custodias
from farol.services.jurisdicao import ator_do_usuario
from farol.services.unit_of_work import BancoUnitOfWork
from farol.services.usuarios import criar_usuario
from farol.store.db import Banco
from farol.store.orm import OM, Pessoa, Processo, Usuario


@pytest.fixture(scope="module")
def cenario(banco_demo: Banco) -> Iterator[dict[str, Any]]:
    """Na CPSP, a custódia de um bem achado cujo responsável deve multa exigível num processo
    da CPSC (fora da jurisdição da CPSP)."""
    with banco_demo.unit_of_work() as s:
        cpsc = s.execute(select(OM).where(OM.sigla == "CPSC")).scalar_one()
        cpsp = s.execute(select(OM).where(OM.sigla == "CPSP")).scalar_one()
        devedor: Pessoa | None = None
        for p in s.execute(select(Processo).where(Processo.om_id == cpsc.id)).scalars():
            if p.autuado_id is None:
                continue
            debitos = consultas.debitos_da_pessoa(s, p.autuado_id)
            if any(not d.suspenso and d.processo.regime == "lesta" for d in debitos):
                devedor = s.get(Pessoa, p.autuado_id)
                break
        assert devedor is not None, "a demonstração tem multa exigível na CPSC"
        consulta = criar_usuario(s, login="consulta.cpsp.t", nome="Consulta CPSP", senha="x",
                                 papel="consulta", om=cpsp)  # fmt: skip
        atores = {
            "consulta.cpsp": ator_do_usuario(s, consulta),
            "inspetor.cpsp": ator_do_usuario(
                s, s.execute(select(Usuario).where(Usuario.login == "inspetor.cpsp")).scalar_one()
            ),
            "autoridade.cpsc": ator_do_usuario(
                s,
                s.execute(select(Usuario).where(Usuario.login == "autoridade.cpsc")).scalar_one(),
            ),
        }
        documento, nome = devedor.documento, devedor.nome
    cmd = custodias.NovaCustodia.model_validate(
        {
            "data_ato": (hoje() - dt.timedelta(days=1)).isoformat(),
            "recolhimento": {
                "bem": "Motor de popa achado na praia",
                "local_do_achado": "Praia do Gonzaga",
                "local_guarda": "Depósito da CPSP",
                "estado_na_chegada": "oxidado, sem hélice",
            },
            "responsavel": {"documento": documento, "nome": nome},
        }
    )
    _, aberta = custodias.abrir(BancoUnitOfWork(banco_demo), atores["inspetor.cpsp"], cmd)
    yield {"banco": banco_demo, "pid": aberta.id, "atores": atores}


def _linhas(c: dict[str, Any], login: str) -> list[Any]:
    e = custodia.extrato(BancoUnitOfWork(c["banco"]), c["atores"][login], c["pid"])
    return list(e.debitos_do_proprietario)


def test_sem_ve_dados_pessoais_o_extrato_nao_mostra_debitos_de_outra_om(
    cenario: dict[str, Any],
) -> None:
    assert _linhas(cenario, "consulta.cpsp") == []


def test_com_ve_dados_pessoais_os_de_outra_om_so_pela_soma(cenario: dict[str, Any]) -> None:
    linhas = _linhas(cenario, "inspetor.cpsp")
    assert len(linhas) == 1 and linhas[0].valor > 0
    assert "CPSC" not in linhas[0].descricao  # nem o número do processo de fora
    assert linhas[0].fundamento  # a sustação da entrega, com o seu fundamento


def test_a_jurisdicao_que_alcanca_o_processo_o_ve_pelo_numero(cenario: dict[str, Any]) -> None:
    """A CPSC não alcança a custódia da CPSP: a leitura é recusada (404), como antes."""
    from farol.erros import NaoEncontrado

    with pytest.raises(NaoEncontrado):
        _linhas(cenario, "autoridade.cpsc")
