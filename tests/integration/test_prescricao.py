"""Alertas de prescrição (Lei 9.873/1999): 5 anos do fato ou do último ato interruptivo, e a
prescrição intercorrente do processo parado por mais de 3 anos."""

from __future__ import annotations

import datetime as dt
from typing import Any

from farol.services import consultas, inspecoes, processos
from farol.services.comandos import NovoAto
from farol.services.jurisdicao import ator_do_usuario
from farol.services.usuarios import criar_om, criar_usuario
from farol.store.db import Banco


def _processo(banco: Banco, quando: dt.date, inscricao: str) -> tuple[int, Any, Any]:
    with banco.unit_of_work() as s:
        from sqlalchemy import select

        from farol.store.orm import OM, Usuario

        om = s.execute(select(OM).where(OM.sigla == "CPSC")).scalar_one_or_none() or criar_om(
            s, sigla="CPSC", nome="Capitania dos Portos de Santa Catarina", tipo="CP", uf="SC",
            municipio="Florianópolis",
        )  # fmt: skip
        insp = s.execute(select(Usuario).where(Usuario.login == "insp")).scalar_one_or_none()
        if insp is None:
            insp = criar_usuario(s, login="insp", nome="Inspetor", senha="x", papel="inspetor", om=om)
            criar_usuario(s, login="aut", nome="Autoridade", senha="x", papel="autoridade_competente", om=om)
        aut = s.execute(select(Usuario).where(Usuario.login == "aut")).scalar_one()
        cmd = inspecoes.NovaInspecao.model_validate({
            "embarcacao": {"inscricao": inscricao, "nome": "Netuno"},
            "proprietario": {"documento": "529.982.247-25", "nome": "José da Silva"},
            "data_hora": f"{quando.isoformat()}T10:00:00-03:00", "local": "Baía Norte",
            "situacao": "parada", "condutor_habilitado_presente": True,
            "constatacoes": [{"infracao": "RLESTA.16.II", "embarcacao_inscrita": True}],
        })  # fmt: skip
        pid = inspecoes.registrar_inspecao(s, ator_do_usuario(s, insp), cmd).processos[0].id
        return pid, ator_do_usuario(s, aut), ator_do_usuario(s, insp)


def _alertas(banco: Banco, ator: Any, hoje: dt.date, dias: int = 180) -> dict[int, list[dict[str, Any]]]:
    with banco.unit_of_work(somente_leitura=True) as s:
        saida: dict[int, list[dict[str, Any]]] = {}
        for a in consultas.alertas_prescricao.na_sessao(s, ator, hoje, antecedencia_dias=dias):
            saida.setdefault(a.id, []).append(a.model_dump(mode="json"))
        return saida


def test_processo_parado_ha_quase_tres_anos_alerta_a_prescricao_intercorrente(banco: Banco) -> None:
    fato = dt.date(2023, 12, 10)
    pid, aut, _ = _processo(banco, fato, "4410000001")
    # notificado em 10/12/2023 e nada mais: intercorrente em 10/12/2026 (Lei 9.873 art. 1º § 1º)
    antes = _alertas(banco, aut, dt.date(2026, 6, 12))  # faltam 181 dias
    assert pid not in antes
    alerta = _alertas(banco, aut, dt.date(2026, 6, 13))[pid]  # faltam 180 dias
    assert [(a["tipo"], a["prescreve_em"], a["dias_restantes"]) for a in alerta] == [
        ("intercorrente", "2026-12-10", 180)
    ]
    vencido = _alertas(banco, aut, dt.date(2026, 12, 11))[pid]
    assert vencido[0]["prescrito"] is True and vencido[0]["fundamento"] == "Lei 9.873/1999 art. 1º, § 1º"


def test_ato_do_processo_recomeça_a_contagem(banco: Banco) -> None:
    fato = dt.date(2023, 12, 10)
    pid, aut, _ = _processo(banco, fato, "4410000002")
    with banco.unit_of_work() as s:
        dados = {"infracoes": [{"infracao": "RLESTA.16.II", "autor_tipo": "proprietario"}]}
        processos.registrar_ato(s, aut, pid, NovoAto(tipo="lavratura_auto", data_ato=dt.date(2024, 1, 15), dados=dados))
        processos.registrar_ato(s, aut, pid, NovoAto(tipo="ciencia_auto", data_ato=dt.date(2024, 2, 1), dados={"meio": "pessoal"}))
    # intercorrente conta do último ato (01/02/2024 → 01/02/2027); quinquenal do último ato
    # interruptivo (ciência do auto, 01/02/2024 → 01/02/2029)
    assert pid not in _alertas(banco, aut, dt.date(2026, 8, 4))
    alerta = _alertas(banco, aut, dt.date(2026, 8, 5))[pid]
    assert [(a["tipo"], a["prescreve_em"]) for a in alerta] == [("intercorrente", "2027-02-01")]
    quinquenal = {a["tipo"]: a["prescreve_em"] for a in _alertas(banco, aut, dt.date(2029, 1, 1), dias=400)[pid]}
    assert quinquenal == {"intercorrente": "2027-02-01", "quinquenal": "2029-02-01"}
