"""A carga em massa (`farol demo --processos N`) grava fora do ORM e, no mesmo lote, o texto de
busca de cada processo clonado (`processo_busca`, migração 0036): a busca os acha pelo nome do
autuado, pela embarcação e pelo número do auto."""

from __future__ import annotations

import pytest
from apoio import hash_rapido
from semente import atores
from sqlalchemy import select

from farol.services import busca, texto_de_busca, usuarios
from farol.services.carga_em_massa import carregar_em_massa
from farol.store.db import Banco
from farol.store.orm import AutoDeInfracao, Embarcacao, Pessoa, Processo, ProcessoBusca

N = 150


def test_processos_da_carga_tem_o_texto_de_busca_e_a_busca_os_acha(banco_demo: Banco) -> None:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(usuarios, "hash_senha", hash_rapido)
        carregar_em_massa(banco_demo, N, lote=64, semanas=8, log=lambda _: None)
    with banco_demo.unit_of_work(somente_leitura=True) as s:
        gravados = dict(s.execute(select(ProcessoBusca.processo_id, ProcessoBusca.texto)).all())
        recalculados = dict(
            s.execute(
                select(Processo.id, texto_de_busca.texto_do_processo())
                .outerjoin(Embarcacao, Embarcacao.id == Processo.embarcacao_id)
                .outerjoin(Pessoa, Pessoa.id == Processo.autuado_id)
            ).all()
        )
        assert gravados == recalculados
        clone, om, numero_auto, pessoa, barco = s.execute(
            select(
                Processo.numero, Processo.om_id, AutoDeInfracao.numero, Pessoa.nome, Embarcacao.nome
            )
            .join(AutoDeInfracao, AutoDeInfracao.processo_id == Processo.id)
            .join(Pessoa, Pessoa.id == Processo.autuado_id)
            .join(Embarcacao, Embarcacao.id == Processo.embarcacao_id)
            .order_by(Processo.id.desc())
            .limit(1)
        ).one()
        dpc = atores(banco_demo)["dpc"]
        assert om in dpc.oms
        for termo in (numero_auto, f"{pessoa} {barco}".upper(), clone.lower()):
            achados = busca.buscar_processos.na_sessao(s, dpc, termo)["processos"]
            assert clone in [p["numero"] for p in achados], termo
