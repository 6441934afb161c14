"""Uma consulta montada uma vez (no módulo) e executada a cada pedido, com o seu SQL compilado
guardado nela (issue 13, item 4: pedidos baratos).

O SQLAlchemy guarda o SQL compilado num cache cuja chave é a estrutura inteira da consulta: uma
tupla aninhada com cada coluna, tabela, junção e condição. A consulta montada no módulo memoriza
essa tupla, mas o dicionário do cache calcula o hash dela a cada execução (o Python não guarda o
hash de uma tupla). A união das seções de um processo (`farol.services.leitura`) tem ~5.000
elementos na chave e a consulta da sessão de todo pedido autenticado (`farol.services.autenticacao`)
~860: os dois hashes eram ~5 % das instruções de um GET de um processo pela API (callgrind, um
GET atrás do outro: 5,39 milhões de instruções por GET antes, 5,14 depois).

`ConsultaFixa` executa a consulta com um cache só dela (a opção `compiled_cache` da execução):
a chave sem a estrutura (o dialeto, os nomes dos parâmetros, a execução em lote), e a estrutura
conferida pela identidade (a tupla memorizada é sempre o mesmo objeto). O SQL, os parâmetros e
as conversões dos tipos são os mesmos do cache do SQLAlchemy.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import Connection, CursorResult, Executable


class _CacheDeUmaConsulta:
    """O cache de compilação (a interface que o SQLAlchemy usa: `get` e `[]=`) de uma consulta
    só: cada chave do SQLAlchemy, `(dialeto, estrutura, parâmetros, ...)`, sem a estrutura.
    Uma estrutura que não é a guardada (outra consulta) não acha nada, e se compila de novo."""

    def __init__(self) -> None:
        self._compilados: dict[tuple[Any, ...], tuple[Any, Any]] = {}

    def get(self, chave: tuple[Any, ...], padrao: Any = None) -> Any:
        achado = self._compilados.get(chave[:1] + chave[2:])
        if achado is None or achado[0] is not chave[1]:
            return padrao
        return achado[1]

    def __setitem__(self, chave: tuple[Any, ...], compilado: Any) -> None:
        self._compilados[chave[:1] + chave[2:]] = (chave[1], compilado)


class ConsultaFixa:
    """`consulta` (montada uma vez) executada pelo Core com o seu SQL compilado guardado."""

    def __init__(self, consulta: Executable) -> None:
        self.consulta = consulta
        self._opcoes = {"compiled_cache": _CacheDeUmaConsulta()}

    def executar(self, conexao: Connection, parametros: Mapping[str, Any]) -> CursorResult[Any]:
        return conexao.execute(self.consulta, parametros, execution_options=self._opcoes)
