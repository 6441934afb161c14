"""Quem responde por quê numa inspeção, e o autor que não foi informado (farol.rules.autoria).

Infrações usadas (autores em normas/dados/infracoes.yaml):
- RLESTA.23.VII (velocidade): condução, 3.3.1 b -> o condutor;
- RLESTA.15.I (dotação): embarcação, 3.3.1 a -> o proprietário;
- RLESTA.11 (conduzir sem habilitação): os dois (NORMAM 2023 item 3.8.2);
- RLESTA.25.I (recusar a praticagem): só o prático (RLESTA art. 25), que a inspeção não
  identifica;
- RLESTA.24 (o Comandante, art. 24) e RLESTA.25.II (o Prático): um só autor admitido.
"""

from __future__ import annotations

import datetime as dt

import pytest

from farol.erros import EntradaInvalida
from farol.normas.infracoes import catalogo
from farol.rules.autoria import Responsavel, resolver_autor, responsaveis
from farol.rules.penalidades import calcular_penalidade

CONDUTOR, DONO = "111.444.777-35", "529.982.247-25"
ITEM_A = "NORMAM (Port. 110/2023) item 3.3.1 a"
ITEM_B = "NORMAM (Port. 110/2023) item 3.3.1 b"
HOJE = dt.date(2026, 3, 10)


def _mapa(decisao: tuple[Responsavel[str], ...]) -> dict[str, list[str]]:
    return {r.pessoa: [i.infracao for i in r.infracoes] for r in decisao}


def test_condutor_e_proprietario_distintos_respondem_cada_um_pelo_seu() -> None:
    decisao = responsaveis(
        ["RLESTA.23.VII", "RLESTA.15.I"], {"condutor": CONDUTOR, "proprietario": DONO}
    )
    assert _mapa(decisao) == {CONDUTOR: ["RLESTA.23.VII"], DONO: ["RLESTA.15.I"]}
    condutor, dono = decisao
    assert condutor.papeis == ("condutor",) and dono.papeis == ("proprietario",)
    [velocidade] = condutor.infracoes
    assert (velocidade.constatacao, velocidade.autor_tipo) == (0, "condutor")
    assert velocidade.fundamentos == (ITEM_B,)  # a autoria da infração, não outra citação
    assert dono.infracoes[0].fundamentos[0] == ITEM_A


def test_conduzir_sem_habilitacao_notifica_os_dois() -> None:
    # NORMAM 2023 item 3.8.2: "Quanto ao Condutor e ao Proprietário. Será lavrada em seu
    # desfavor a Notificação para Comparecimento"
    decisao = responsaveis(["RLESTA.11"], {"condutor": CONDUTOR, "proprietario": DONO})
    assert _mapa(decisao) == {CONDUTOR: ["RLESTA.11"], DONO: ["RLESTA.11"]}
    assert [r.infracoes[0].autor_tipo for r in decisao] == ["condutor", "proprietario"]


def test_o_proprietario_que_conduz_responde_uma_vez() -> None:
    # 3.8.2, nota: "Caso o proprietário da embarcação esteja conduzindo sem que seja
    # habilitado, ele passa a ser o único a responder pela infração"
    decisao = responsaveis(["RLESTA.11", "RLESTA.15.I"], {"condutor": DONO, "proprietario": DONO})
    [dono] = decisao
    assert dono.papeis == ("condutor", "proprietario")
    assert [(i.infracao, i.autor_tipo) for i in dono.infracoes] == [
        ("RLESTA.11", "condutor"),
        ("RLESTA.15.I", "proprietario"),
    ]


def test_sem_condutor_identificado_o_proprietario_responde_pelo_que_e_dele() -> None:
    # 3.8.2, nota: "Na eventual impossibilidade de notificar ambos os autores materiais,
    # prioriza-se autuar o proprietário da embarcação"
    decisao = responsaveis(["RLESTA.11"], {"condutor": None, "proprietario": DONO})
    assert _mapa(decisao) == {DONO: ["RLESTA.11"]}


def test_infracao_so_do_condutor_sem_condutor_e_recusada_nomeando_o_campo() -> None:
    with pytest.raises(EntradaInvalida) as e:
        responsaveis(["RLESTA.15.I", "RLESTA.23.VII"], {"condutor": None, "proprietario": DONO})
    assert e.value.campo == "condutor"
    assert "RLESTA.23.VII" in e.value.mensagem and "condutor/tripulante" in e.value.mensagem
    assert e.value.regra == ITEM_B


def test_infracao_que_a_inspecao_nao_imputa_e_recusada_com_os_admitidos() -> None:
    with pytest.raises(EntradaInvalida) as e:
        responsaveis(["RLESTA.15.I", "RLESTA.25.I"], {"condutor": CONDUTOR, "proprietario": DONO})
    assert e.value.campo == "constatacoes.1.infracao"
    assert "autores materiais admitidos: prático (pratico)" in e.value.mensagem
    assert "identifica (condutor/tripulante (aquaviário ou amador embarcado) (condutor), " in (
        e.value.mensagem
    )
    assert e.value.regra == "RLESTA art. 25, caput"


def test_na_leitura_a_constatacao_sem_responsavel_fica_de_fora() -> None:
    decisao = responsaveis(
        ["RLESTA.25.I", "RLESTA.15.I"],
        {"condutor": None, "proprietario": DONO},
        estrito=False,
    )
    assert _mapa(decisao) == {DONO: ["RLESTA.15.I"]}
    assert decisao[0].infracoes[0].constatacao == 1


def test_duas_constatacoes_da_mesma_infracao_sao_uma_infracao_da_pessoa() -> None:
    decisao = responsaveis(
        ["RLESTA.15.I", "RLESTA.15.I"], {"condutor": CONDUTOR, "proprietario": DONO}
    )
    [dono] = decisao
    assert [i.constatacao for i in dono.infracoes] == [0, 1]
    assert dono.codigos == ("RLESTA.15.I",)


# --- autor não informado ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("codigo", "unico"), [("RLESTA.24", "comandante"), ("RLESTA.25.II", "pratico")]
)
def test_sem_autor_o_unico_admitido_e_usado(codigo: str, unico: str) -> None:
    # RLESTA art. 24 ("São aplicáveis ao Comandante") e art. 25 ("imputáveis ao Prático")
    assert resolver_autor(catalogo().infracao(codigo), None) == unico
    assert calcular_penalidade(codigo, HOJE).autor == unico


def test_sem_autor_e_com_varios_admitidos_a_recusa_os_lista() -> None:
    with pytest.raises(EntradaInvalida) as e:
        calcular_penalidade("RLESTA.15.I", HOJE)
    assert e.value.campo == "autor"
    for tipo in ("proprietario", "armador", "preposto", "comandante"):
        assert tipo in e.value.mensagem
    assert "condutor" not in e.value.mensagem.replace("comandante", "")
    assert e.value.regra and e.value.regra.startswith(ITEM_A)


def test_autor_informado_passa_como_veio() -> None:
    assert resolver_autor(catalogo().infracao("RLESTA.15.I"), "armador") == "armador"
    assert calcular_penalidade("RLESTA.15.I", HOJE, autor="armador").autor == "armador"
