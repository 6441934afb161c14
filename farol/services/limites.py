"""Limite de tentativas (login e consulta pública): freia quem tenta adivinhar senhas ou
varrer números de processo com CPFs. Em memória, por processo do servidor.

O login tem dois contadores de falhas, conferidos antes de qualquer hash de senha:
- `login`: por conta, venha de que endereço vier (quem espalha as tentativas por muitos
  endereços esbarra no da conta);
- `login_endereco`: por endereço, em qualquer conta (quem espalha as tentativas por muitas
  contas esbarra no do endereço). O acerto zera só o da conta: entrar na própria conta não
  devolve ao endereço as tentativas gastas nas outras.
"""

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

    def usar(self, *chave: str) -> None:
        """Conta um uso da chave (limite de taxa: cada consulta conta, com ou sem sucesso);
        levanta `ConsultasDemais` se a janela já está cheia (o uso recusado não conta)."""
        with self._trava:
            agora = self._relogio()
            fila = self._recentes(chave, agora)
            if len(fila) >= self.maximo:
                raise ConsultasDemais(self.janela_s - (agora - fila[0]), self.maximo, self.janela_s)
            fila.append(agora)
            self._falhas[chave] = fila


def limitadores_padrao(
    falhas_por_conta: int = 10, falhas_por_endereco: int = 30, janela_login_s: float = 15 * 60
) -> dict[str, Limitador]:
    return {
        "login": Limitador(maximo=falhas_por_conta, janela_s=janela_login_s),
        "login_endereco": Limitador(maximo=falhas_por_endereco, janela_s=janela_login_s),
        "consulta_publica": Limitador(maximo=20, janela_s=15 * 60),
        # situação de pessoas por CPF/CNPJ (API): por usuário, cada consulta conta
        "situacao": Limitador(maximo=60, janela_s=60 * 60),
    }
