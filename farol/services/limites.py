"""Limite de tentativas (login e consulta pública): freia quem tenta adivinhar senhas ou
varrer números de processo com CPFs. Em memória, por processo do servidor."""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable

from farol.erros import ErroFarol


class MuitasTentativas(ErroFarol):
    """Tentativas demais na janela (HTTP 429)."""

    def __init__(self, segundos: float) -> None:
        minutos = max(1, round(segundos / 60))
        super().__init__(
            f"muitas tentativas sem sucesso; tente de novo em {minutos} minuto(s)",
            campo="tentativas",
        )
        self.segundos = segundos


class Limitador:
    """No máximo `maximo` falhas por chave em `janela_s` segundos (janela deslizante)."""

    def __init__(
        self, maximo: int, janela_s: float, relogio: Callable[[], float] = time.monotonic
    ) -> None:
        self.maximo = maximo
        self.janela_s = janela_s
        self._relogio = relogio
        self._falhas: dict[tuple[str, ...], deque[float]] = {}
        self._trava = threading.Lock()

    def _recentes(self, chave: tuple[str, ...], agora: float) -> deque[float]:
        fila = self._falhas.setdefault(chave, deque())
        while fila and agora - fila[0] > self.janela_s:
            fila.popleft()
        return fila

    def conferir(self, *chave: str) -> None:
        """Levanta `MuitasTentativas` se a chave já esgotou as falhas da janela."""
        with self._trava:
            agora = self._relogio()
            fila = self._recentes(chave, agora)
            if len(fila) >= self.maximo:
                raise MuitasTentativas(self.janela_s - (agora - fila[0]))

    def falhou(self, *chave: str) -> None:
        with self._trava:
            self._recentes(chave, self._relogio()).append(self._relogio())

    def acertou(self, *chave: str) -> None:
        with self._trava:
            self._falhas.pop(chave, None)


def limitadores_padrao() -> dict[str, Limitador]:
    return {
        "login": Limitador(maximo=10, janela_s=15 * 60),
        "consulta_publica": Limitador(maximo=20, janela_s=15 * 60),
    }
