"""Revisão: depois dos caminhos novos de hoje, o modelo de leitura (`farol db resumos`) e a
cadeia de hashes conferem."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from farol.services import resumo_processo
from farol.store.auditoria import verificar_cadeias

from . import test_caminhos as cam
from . import test_custodia_correcao as cor
from . import test_custodia_debitos as deb
from . import test_poluicao as pol
from . import test_prescricao_na_decisao as pre
from .conftest import Api

CAMINHOS: list[Callable[[Api], Any]] = [
    cam.test_recurso_provido_depois_do_encaminhamento_espera_a_comunicacao_a_pgfn,
    cor.test_correcao_da_data_do_recolhimento_move_o_inicio_das_diarias,
    deb.test_multa_deduzida_do_produto_do_leilao_e_paga_no_processo_de_origem,
    deb.test_entrega_sustada_por_multa_do_proprietario_em_outro_processo,
    pol.test_lta_recebido_com_a_defesa_correndo_e_registrado_sem_encerrar_a_defesa,
    pol.test_ciencia_do_lta_dada_com_a_defesa_correndo_abre_a_complementacao_depois_dela,
    pol.test_recurso_ao_dgn_ainda_em_prazo_aberto_na_normam_07_e_aceito_depois_de_01_12_2023,
    pre.test_processo_sobrestado_aparece_no_alerta_e_o_despacho_recomeca_a_intercorrente,
    pre.test_a_correcao_de_ato_anterior_nao_deixa_o_julgamento_com_a_prescricao_consumada,
]


@pytest.mark.parametrize("caminho", CAMINHOS, ids=lambda f: f.__name__)
def test_resumos_e_cadeias_conferem(api: Api, caminho: Callable[[Api], Any]) -> None:
    caminho(api)
    with api.banco.unit_of_work(somente_leitura=True) as s:
        assert resumo_processo.conferir(s) == []
        assert verificar_cadeias(s) == []
