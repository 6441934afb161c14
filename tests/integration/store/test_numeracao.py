"""Numeração oficial: começa em 1, avança sem lacunas e sem repetição, mesmo concorrente."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import select

from farol.store.db import Banco
from farol.store.numeracao import AUTO_DE_INFRACAO, PROCESSO, numero_oficial, proximo_numero
from farol.store.orm import OM, Numeracao

ESCRITORES = 12


def test_numeracao_comeca_em_um_e_avanca_sem_lacunas(banco: Banco, om: OM) -> None:
    with banco.unit_of_work() as s:
        numeros = [proximo_numero(s, om.id, 2026, PROCESSO) for _ in range(3)]
    with banco.unit_of_work() as s:
        numeros.append(proximo_numero(s, om.id, 2026, PROCESSO))
    assert numeros == [1, 2, 3, 4]


def test_numeracao_e_separada_por_om_ano_e_tipo(banco: Banco, om: OM) -> None:
    with banco.unit_of_work() as s:
        outra = OM(
            sigla="DLSSEBASTIAO",
            nome="Delegacia",
            tipo="DL",
            uf="SP",
            municipio="São Sebastião",
            superior_id=om.id,
        )
        s.add(outra)
        s.flush()
        assert proximo_numero(s, om.id, 2026, PROCESSO) == 1
        assert proximo_numero(s, om.id, 2026, PROCESSO) == 2
        assert proximo_numero(s, om.id, 2027, PROCESSO) == 1
        assert proximo_numero(s, om.id, 2026, AUTO_DE_INFRACAO) == 1
        assert proximo_numero(s, outra.id, 2026, PROCESSO) == 1


def test_numero_desfeito_com_a_transacao_nao_deixa_lacuna(banco: Banco, om: OM) -> None:
    with banco.unit_of_work() as s:
        assert proximo_numero(s, om.id, 2026, PROCESSO) == 1
    with pytest.raises(RuntimeError), banco.unit_of_work() as s:
        assert proximo_numero(s, om.id, 2026, PROCESSO) == 2
        raise RuntimeError("o auto não foi lavrado")
    with banco.unit_of_work() as s:
        assert proximo_numero(s, om.id, 2026, PROCESSO) == 2


def test_numeracao_sem_lacunas_sob_concorrencia(banco: Banco, om: OM) -> None:
    obtidos: list[int] = []
    erros: list[BaseException] = []
    largada = threading.Barrier(ESCRITORES)
    trava = threading.Lock()

    def numerar() -> None:
        try:
            largada.wait()
            with banco.unit_of_work() as s:
                numero = proximo_numero(s, om.id, 2026, PROCESSO)
                time.sleep(0.005)  # a transação segue aberta enquanto os outros tentam
            with trava:
                obtidos.append(numero)
        except BaseException as e:  # pragma: no cover - só em falha
            erros.append(e)

    fios = [threading.Thread(target=numerar) for _ in range(ESCRITORES)]
    for fio in fios:
        fio.start()
    for fio in fios:
        fio.join()
    assert erros == []
    assert sorted(obtidos) == list(range(1, ESCRITORES + 1))
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.scalar(select(Numeracao.ultimo)) == ESCRITORES


def test_numero_oficial_tem_ano_sigla_e_seis_digitos() -> None:
    assert numero_oficial(2026, "CPSP", 123) == "2026/CPSP/000123"
