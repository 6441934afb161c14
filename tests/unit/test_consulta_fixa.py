"""`ConsultaFixa`: o SQL compilado guardado na consulta só serve à estrutura que o compilou."""

from __future__ import annotations

from farol.store.consulta_fixa import _CacheDeUmaConsulta

DIALETO, OUTRO_DIALETO = object(), object()


def test_o_cache_de_uma_consulta_acha_o_compilado_da_mesma_estrutura_sem_o_hash_dela() -> None:
    estrutura = ("select", ("coluna", "tabela"), ("where", "chave"))
    cache = _CacheDeUmaConsulta()
    cache[(DIALETO, estrutura, ("chave",), False, False)] = "compilado"
    assert cache.get((DIALETO, estrutura, ("chave",), False, False)) == "compilado"


def test_o_cache_de_uma_consulta_nao_serve_a_outra_estrutura_nem_a_outro_dialeto() -> None:
    estrutura = ("select", ("coluna", "tabela"), ("where", "chave"))
    cache = _CacheDeUmaConsulta()
    cache[(DIALETO, estrutura, ("chave",), False, False)] = "compilado"
    outra = ("select", ("coluna", "outra_tabela"), ("where", "chave"))
    assert cache.get((DIALETO, outra, ("chave",), False, False)) is None
    # a mesma estrutura noutro objeto (outra consulta montada igual) se compila de novo
    copia = tuple(list(estrutura))
    assert cache.get((DIALETO, copia, ("chave",), False, False), "nenhum") == "nenhum"
    assert cache.get((OUTRO_DIALETO, estrutura, ("chave",), False, False)) is None
    assert cache.get((DIALETO, estrutura, ("outra",), False, False)) is None
    assert cache.get((DIALETO, estrutura, ("chave",), False, True)) is None
