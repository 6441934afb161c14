"""O erro de um caso de uso no formulário da página: ao lado do campo que o causou, ou no topo
sem o caminho interno do dado."""

from __future__ import annotations

from farol.erros import EntradaInvalida, NaoEncontrado
from farol.web.formularios import GERAL, erro_farol

CAMPOS_DA_DECISAO = [
    "data_ato",
    "dados.penalidades.0.multa",
    "dados.penalidades.0.suspensao_dias",
    "dados.fundamentacao",
]


def test_erro_de_um_grupo_de_campos_vai_para_o_primeiro_campo_do_grupo() -> None:
    """O provimento parcial que agrava a penalidade recusa `dados.penalidades.0`: o erro fica ao
    lado da multa, não no topo com o caminho interno."""
    e = EntradaInvalida(
        "RLESTA.16.II: o provimento parcial do recurso não pode agravar a penalidade",
        campo="dados.penalidades.0",
    )
    erros = erro_farol(e, CAMPOS_DA_DECISAO)
    assert list(erros.por_campo) == ["dados.penalidades.0.multa"]
    assert erros.get("dados.penalidades.0.multa").startswith("RLESTA.16.II: o provimento")


def test_erro_fora_dos_campos_vai_ao_topo_sem_o_caminho_interno() -> None:
    erros = erro_farol(NaoEncontrado("processo não encontrado", campo="id"), CAMPOS_DA_DECISAO)
    assert erros.geral == "processo não encontrado"
    e = EntradaInvalida("o papel Inspetor Naval não pode corrigir o ato", campo="papel")
    assert erro_farol(e, CAMPOS_DA_DECISAO).por_campo == {
        GERAL: "o papel Inspetor Naval não pode corrigir o ato"
    }
