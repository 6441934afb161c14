"""Senhas com argon2 (pwdlib): só o hash é guardado.

Cada hash custa dezenas de milissegundos de CPU em mais de um núcleo. Sem limite, meia dúzia
de clientes tentando senhas ocupa a máquina e atrasa as leituras de todos. Por isso no
máximo `vagas` hashes rodam ao mesmo tempo (`FAROL_SENHAS_SIMULTANEAS`, padrão metade dos
núcleos); os outros logins esperam a vez até `espera_s` segundos e, passado isso, recebem
`MuitasTentativas` (HTTP 429) sem gastar CPU.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import TypeVar

from pwdlib import PasswordHash

from farol.config import vagas_de_senha_padrao
from farol.erros import ErroFarol
from farol.services.limites import MuitasTentativas

T = TypeVar("T")
ESPERA_PADRAO_S = 5.0


class SenhasOcupadas(MuitasTentativas):
    """Todas as vagas de hash ocupadas por mais de `espera_s` segundos (HTTP 429)."""

    def __init__(self, segundos: float) -> None:
        ErroFarol.__init__(
            self,
            f"muitos logins ao mesmo tempo; tente de novo em {max(1, round(segundos))} segundos",
            campo="tentativas",
        )
        self.segundos = segundos


@dataclass
class Vagas:
    """O semáforo dos hashes e quantos rodam agora (`em_uso`) e no máximo já rodaram (`pico`)."""

    total: int
    espera_s: float = ESPERA_PADRAO_S
    em_uso: int = 0
    pico: int = 0
    _semaforo: threading.BoundedSemaphore = field(init=False)
    _trava: threading.Lock = field(init=False, default_factory=threading.Lock)

    def __post_init__(self) -> None:
        if self.total < 1:
            raise ValueError("vagas para hash de senha: no mínimo 1")
        self._semaforo = threading.BoundedSemaphore(self.total)

    @contextmanager
    def ocupar(self) -> Iterator[None]:
        if not self._semaforo.acquire(timeout=self.espera_s):
            raise SenhasOcupadas(self.espera_s)
        try:
            with self._trava:
                self.em_uso += 1
                self.pico = max(self.pico, self.em_uso)
            yield
        finally:
            with self._trava:
                self.em_uso -= 1
            self._semaforo.release()


_vagas = Vagas(vagas_de_senha_padrao())


def limitar_hashes(total: int, espera_s: float = ESPERA_PADRAO_S) -> Vagas:
    """Troca o limite de hashes simultâneos (a aplicação chama ao montar); devolve as vagas."""
    global _vagas
    _vagas = Vagas(total, espera_s)
    return _vagas


def vagas() -> Vagas:
    return _vagas


def _na_vaga(trabalho: Callable[[], T]) -> T:
    with _vagas.ocupar():
        return trabalho()


@cache
def _hasher() -> PasswordHash:
    return PasswordHash.recommended()


def hash_senha(senha: str) -> str:
    return _na_vaga(lambda: _hasher().hash(senha))


def conferir_senha(senha: str, hash_guardado: str) -> bool:
    def conferir() -> bool:
        try:
            return _hasher().verify(senha, hash_guardado)
        except Exception:  # hash corrompido ou de outro esquema: nunca autentica
            return False

    return _na_vaga(conferir)
