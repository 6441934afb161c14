"""Limite de tentativas (login e consulta pública): freia quem tenta adivinhar senhas ou
varrer números de processo com CPFs.

Duas guardas da mesma regra (janela deslizante): `Limitador`, em memória, de um processo só
(os testes e as ferramentas), e `LimitadorNoBanco`, que conta na tabela `tentativa` e vale
para todos os processos do servidor (`farol serve --workers N`): N processos não dão N vezes
as tentativas. A aplicação usa a do banco.

O login tem dois contadores de falhas, conferidos antes de qualquer hash de senha:
- `login`: por conta, venha de que endereço vier (quem espalha as tentativas por muitos
  endereços esbarra no da conta);
- `login_endereco`: por endereço, em qualquer conta (quem espalha as tentativas por muitas
  contas esbarra no do endereço). O acerto zera só o da conta: entrar na própria conta não
  devolve ao endereço as tentativas gastas nas outras.

Trocar a senha da conta (`contas.trocar_senha`) também zera o da conta, na transação da troca
(`zerar_falhas_da_conta`): quem esgotou as tentativas adivinhando a senha antiga não deixa o
dono, com a senha nova, de fora até a janela passar.
"""

from __future__ import annotations

import hashlib
import itertools
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Protocol

from sqlalchemy import delete, func, select, text
from sqlalchemy.orm import Session

from farol.erros import ErroFarol
from farol.store.db import Banco
from farol.store.orm import Tentativa

LOGIN = "login"
"""O limite de falhas de login por conta (a chave: `chave_da_conta`)."""
LOGIN_POR_ENDERECO = "login_endereco"
"""O limite de falhas de login por endereço (a chave: o endereço de quem pede)."""


def chave_da_conta(login: str) -> tuple[str, ...]:
    """A chave da conta no limite `LOGIN`: o login como digitado conta para a mesma conta em
    maiúsculas ou minúsculas."""
    return (login.lower(),)


class MuitasTentativas(ErroFarol):
    """Tentativas demais na janela (HTTP 429)."""

    def __init__(self, segundos: float) -> None:
        minutos = max(1, round(segundos / 60))
        super().__init__(
            f"muitas tentativas sem sucesso; tente de novo em {minutos} minuto(s)",
            campo="tentativas",
        )
        self.segundos = segundos


class ConsultasDemais(MuitasTentativas):
    """Consultas demais na janela (HTTP 429): a situação de pessoas por CPF/CNPJ."""

    def __init__(self, segundos: float, maximo: int, janela_s: float) -> None:
        super().__init__(segundos)
        minutos = max(1, round(segundos / 60))
        self.mensagem = (
            f"consultas demais: no máximo {maximo} a cada {round(janela_s / 60)} minutos; "
            f"tente de novo em {minutos} minuto(s)"
        )
        self.campo = "consultas"
        self.args = (self.texto(),)


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
        fila = self._falhas.get(chave, deque())
        while fila and agora - fila[0] > self.janela_s:
            fila.popleft()
        if not fila:
            self._falhas.pop(chave, None)  # chaves sem falha recente não ocupam memória
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
            agora = self._relogio()
            fila = self._recentes(chave, agora)
            fila.append(agora)
            self._falhas[chave] = fila

    def acertou(self, *chave: str) -> None:
        with self._trava:
            self._falhas.pop(chave, None)

    def _contar(self, chave: tuple[str, ...], recusa: Callable[[float], Exception]) -> float:
        """Confere e conta numa só passagem (a janela cheia levanta `recusa(segundos)`; o
        recusado não conta); devolve o instante contado."""
        with self._trava:
            agora = self._relogio()
            fila = self._recentes(chave, agora)
            if len(fila) >= self.maximo:
                raise recusa(self.janela_s - (agora - fila[0]))
            fila.append(agora)
            self._falhas[chave] = fila
            return agora

    def reservar(self, *chave: str) -> float:
        """Confere e conta a tentativa numa só passagem, antes de conferir a senha: pedidos
        simultâneos não passam juntos do limite (conferir e só depois contar a falha deixava
        passar todos os que conferiam antes de a décima falha ser contada). Devolve o instante,
        para `liberar` a tentativa que acertou."""
        return self._contar(chave, MuitasTentativas)

    def liberar(self, instante: float, *chave: str) -> None:
        """Desconta a tentativa reservada em `instante` (ela não foi falha)."""
        with self._trava:
            fila = self._falhas.get(chave)
            if fila is not None and instante in fila:
                fila.remove(instante)

    def usar(self, *chave: str) -> None:
        """Conta um uso da chave (limite de taxa: cada consulta conta, com ou sem sucesso);
        levanta `ConsultasDemais` se a janela já está cheia (o uso recusado não conta)."""
        self._contar(chave, lambda s: ConsultasDemais(s, self.maximo, self.janela_s))


class Limite(Protocol):
    """O que o login, a consulta pública e a situação pedem de um limite."""

    maximo: int
    janela_s: float

    def conferir(self, *chave: str) -> None: ...
    def falhou(self, *chave: str) -> None: ...
    def acertou(self, *chave: str) -> None: ...
    def reservar(self, *chave: str) -> float: ...
    def liberar(self, instante: float, *chave: str) -> None: ...
    def usar(self, *chave: str) -> None: ...


LIMPEZA_A_CADA = 256
"""A cada tantas gravações, um processo apaga as tentativas do limite já fora da janela (as
das chaves que não voltaram; as das que voltam saem na própria gravação)."""


class LimitadorNoBanco:
    """A regra de `Limitador`, contada na tabela `tentativa`, comum a todos os processos.

    A chave vira SHA-256 (o banco não guarda o login nem o endereço). No PostgreSQL, quem grava
    numa chave espera quem já grava nela (`pg_advisory_xact_lock`): dois processos não passam
    juntos do limite; no SQLite, a transação de escrita já é uma só por vez.
    """

    def __init__(
        self,
        banco: Banco,
        nome: str,
        maximo: int,
        janela_s: float,
        relogio: Callable[[], float] = time.time,
    ) -> None:
        self.banco = banco
        self.nome = nome
        self.maximo = maximo
        self.janela_s = janela_s
        self._relogio = relogio
        self._gravacoes = itertools.count(1)

    def _chave(self, chave: tuple[str, ...]) -> str:
        return _chave_no_banco(self.nome, chave)

    def _travar(self, s: Session, k: str) -> None:
        if s.get_bind().dialect.name == "postgresql":
            s.execute(text("SELECT pg_advisory_xact_lock(:n)"), {"n": int(k[:15], 16)})

    def _recentes(self, s: Session, k: str, agora: float) -> tuple[int, float | None]:
        n, primeira = s.execute(
            select(func.count(), func.min(Tentativa.instante)).where(
                Tentativa.limite == self.nome,
                Tentativa.chave == k,
                Tentativa.instante > agora - self.janela_s,
            )
        ).one()
        return int(n), primeira

    def _gravar(self, s: Session, k: str, agora: float) -> None:
        corte = agora - self.janela_s
        fora = delete(Tentativa).where(Tentativa.limite == self.nome, Tentativa.instante <= corte)
        if next(self._gravacoes) % LIMPEZA_A_CADA:
            fora = fora.where(Tentativa.chave == k)
        s.execute(fora)
        s.add(Tentativa(limite=self.nome, chave=k, instante=agora))

    def conferir(self, *chave: str) -> None:
        agora = self._relogio()
        with self.banco.unit_of_work(somente_leitura=True) as s:
            n, primeira = self._recentes(s, self._chave(chave), agora)
        if n >= self.maximo and primeira is not None:
            raise MuitasTentativas(self.janela_s - (agora - primeira))

    def falhou(self, *chave: str) -> None:
        k = self._chave(chave)
        with self.banco.unit_of_work() as s:
            self._travar(s, k)
            self._gravar(s, k, self._relogio())

    def acertou(self, *chave: str) -> None:
        k = self._chave(chave)
        with self.banco.unit_of_work() as s:
            _apagar(s, self.nome, k)

    def _contar(self, chave: tuple[str, ...], recusa: Callable[[float], Exception]) -> float:
        """Como `Limitador._contar`, sob a trava da chave, numa transação."""
        k = self._chave(chave)
        with self.banco.unit_of_work() as s:
            self._travar(s, k)
            agora = self._relogio()
            n, primeira = self._recentes(s, k, agora)
            if n >= self.maximo and primeira is not None:
                raise recusa(self.janela_s - (agora - primeira))
            self._gravar(s, k, agora)
            return agora

    def reservar(self, *chave: str) -> float:
        """Como `Limitador.reservar`."""
        return self._contar(chave, MuitasTentativas)

    def liberar(self, instante: float, *chave: str) -> None:
        k = self._chave(chave)
        with self.banco.unit_of_work() as s:
            s.execute(
                delete(Tentativa).where(
                    Tentativa.limite == self.nome,
                    Tentativa.chave == k,
                    Tentativa.instante == instante,
                )
            )

    def usar(self, *chave: str) -> None:
        """Como `Limitador.usar`: cada uso conta; o recusado não."""
        self._contar(chave, lambda s: ConsultasDemais(s, self.maximo, self.janela_s))


def _chave_no_banco(nome: str, chave: tuple[str, ...]) -> str:
    return hashlib.sha256("\x1f".join((nome, *chave)).encode()).hexdigest()


def _apagar(s: Session, nome: str, k: str) -> int:
    r = s.execute(delete(Tentativa).where(Tentativa.limite == nome, Tentativa.chave == k))
    return int(getattr(r, "rowcount", 0) or 0)


def zerar_falhas_da_conta(s: Session, login: str) -> bool:
    """Apaga as falhas de login contadas para a conta (o limite `LOGIN` no banco, o do
    servidor), na transação de quem chama, como o acerto do login; o contador por endereço
    fica. Devolve se havia alguma gravada (mesmo já fora da janela, à espera da limpeza)."""
    return _apagar(s, LOGIN, _chave_no_banco(LOGIN, chave_da_conta(login))) > 0


def limitadores_no_banco(
    banco: Banco, falhas_por_conta: int, falhas_por_endereco: int, janela_login_s: float
) -> dict[str, Limite]:
    """Os limites de `limitadores_padrao`, contados no banco (comuns a todos os processos)."""
    return {
        nome: LimitadorNoBanco(banco, nome, x.maximo, x.janela_s)
        for nome, x in limitadores_padrao(
            falhas_por_conta, falhas_por_endereco, janela_login_s
        ).items()
    }


def limitadores_padrao(
    falhas_por_conta: int = 10, falhas_por_endereco: int = 30, janela_login_s: float = 15 * 60
) -> dict[str, Limitador]:
    return {
        LOGIN: Limitador(maximo=falhas_por_conta, janela_s=janela_login_s),
        LOGIN_POR_ENDERECO: Limitador(maximo=falhas_por_endereco, janela_s=janela_login_s),
        "consulta_publica": Limitador(maximo=20, janela_s=15 * 60),
        # situação de pessoas por CPF/CNPJ (API): por usuário, cada consulta conta
        "situacao": Limitador(maximo=60, janela_s=60 * 60),
    }
