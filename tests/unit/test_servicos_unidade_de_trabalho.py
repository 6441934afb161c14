"""Cada caso de uso possui a sua transação: provado com a unidade de trabalho falsa."""

from __future__ import annotations

import datetime as dt

import pytest

from farol.erros import EntradaInvalida, NaoEncontrado
from farol.services import auditoria, autenticacao, calendario_om, demo, idempotencia
from farol.services.usuarios import criar_om
from farol.store.orm import OMFechamento

from .falsos import UnidadeFalsa


@pytest.fixture
def uow() -> UnidadeFalsa:
    u = UnidadeFalsa()
    with u.sessao() as s:
        criar_om(s, sigla="CPSC", nome="Capitania dos Portos de SC", tipo="CP", uf="SC",
                 municipio="Florianópolis")  # fmt: skip
    return u


def test_caso_de_uso_de_escrita_faz_um_commit_quando_termina(uow: UnidadeFalsa) -> None:
    calendario_om.registrar_fechamento(uow, "CPSC", dt.date(2026, 12, 7), "feriado municipal")
    assert (uow.escritas, uow.commits, uow.rollbacks) == (1, 1, 0)
    with uow.sessao() as s:
        assert [f.motivo for f in s.query(OMFechamento)] == ["feriado municipal"]


def test_caso_de_uso_recusado_desfaz_tudo_e_nao_faz_commit(uow: UnidadeFalsa) -> None:
    calendario_om.registrar_fechamento(uow, "CPSC", dt.date(2026, 12, 7), "feriado municipal")
    with pytest.raises(EntradaInvalida, match="já está registrado"):
        calendario_om.registrar_fechamento(uow, "CPSC", dt.date(2026, 12, 7), "de novo")
    with pytest.raises(NaoEncontrado):
        calendario_om.registrar_fechamento(uow, "XPTO", dt.date(2026, 12, 8), "OM inexistente")
    assert (uow.commits, uow.rollbacks) == (1, 2)
    with uow.sessao() as s:
        assert s.query(OMFechamento).count() == 1


def test_casos_de_uso_de_leitura_nao_escrevem(uow: UnidadeFalsa) -> None:
    assert demo.banco_vazio(uow) is False
    assert auditoria.verificar(uow) == []
    assert autenticacao.autenticar(uow, "ninguem", "senha-qualquer") is None
    assert autenticacao.ator_ativo(uow, 999) is None
    assert (uow.leituras, uow.escritas, uow.commits) == (4, 0, 0)
    assert not uow.escreveu_na_leitura


def test_na_sessao_compoe_casos_de_uso_numa_so_transacao(uow: UnidadeFalsa) -> None:
    """`servico.na_sessao(s, ...)` usa a transação de quem chama: nada de commit próprio."""
    with uow.escrita() as s:
        calendario_om.registrar_fechamento.na_sessao(s, "CPSC", dt.date(2026, 12, 8), "a")
        calendario_om.registrar_fechamento.na_sessao(s, "CPSC", dt.date(2026, 12, 9), "b")
    assert (uow.escritas, uow.commits) == (1, 1)


def test_idempotencia_grava_a_resposta_na_mesma_transacao_e_repete_a_primeira(
    uow: UnidadeFalsa,
) -> None:
    chamadas: list[int] = []

    def fazer(_s: object) -> tuple[int, dict[str, object]]:
        chamadas.append(1)
        return 201, {"n": len(chamadas)}

    with uow.sessao() as s:
        from farol.services.usuarios import criar_usuario
        from farol.store.orm import OM

        om = s.query(OM).one()
        u = criar_usuario(s, login="a", nome="A", senha="senha-de-teste", papel="inspetor", om=om)
        usuario_id = u.id
    args = (usuario_id, "chave-1", "POST", "/x", fazer, "sha")
    assert idempotencia.executar(uow, *args) == (201, {"n": 1})
    assert idempotencia.executar(uow, *args) == (201, {"n": 1})
    assert len(chamadas) == 1
    assert uow.commits == 2  # a segunda confere a resposta gravada e não refaz o ato
