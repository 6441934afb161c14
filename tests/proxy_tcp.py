"""Um proxy TCP de teste entre o Farol e o banco, que se pode cortar ou congelar.

- `cortar()`: fecha todas as conexões e para de escutar (conexão recusada), como um
  PostgreSQL parado (`pg_ctl stop`).
- `pausar()`: mantém as conexões e continua aceitando novas, mas não encaminha nenhum byte
  em nenhum sentido, como um servidor congelado (SIGSTOP): o sistema operacional aceita e
  confirma os pacotes, e ninguém responde.
- `restaurar()`: volta a escutar na mesma porta e a encaminhar (inclusive o que ficou retido
  durante a pausa).

Threads e sockets bloqueantes, sem dependência além da biblioteca padrão.
"""

from __future__ import annotations

import contextlib
import socket
import threading


class ProxyTCP:
    def __init__(self, destino: tuple[str, int]) -> None:
        self.destino = destino
        self.porta = 0
        self._encaminhar = threading.Event()
        self._encaminhar.set()
        self._trava = threading.Lock()
        self._sockets: set[socket.socket] = set()
        self._ouvinte: socket.socket | None = None
        self._ativo = False

    # --- controle -----------------------------------------------------------------------

    def iniciar(self) -> ProxyTCP:
        self._escutar()
        return self

    def cortar(self) -> None:
        """Recusa conexões novas e derruba as abertas."""
        self._parar_de_escutar()
        self._fechar_todos()

    def pausar(self) -> None:
        """Congela: conexões ficam abertas (e novas são aceitas), mas nada é encaminhado."""
        self._encaminhar.clear()

    def restaurar(self) -> None:
        self._encaminhar.set()
        if self._ouvinte is None:
            self._escutar()

    def parar(self) -> None:
        self._encaminhar.set()
        self.cortar()

    def __enter__(self) -> ProxyTCP:
        return self.iniciar()

    def __exit__(self, *_: object) -> None:
        self.parar()

    # --- interno ------------------------------------------------------------------------

    def _escutar(self) -> None:
        ouvinte = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        ouvinte.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        ouvinte.bind(("127.0.0.1", self.porta))
        ouvinte.listen(128)
        self.porta = ouvinte.getsockname()[1]
        self._ouvinte = ouvinte
        threading.Thread(target=self._aceitar, args=(ouvinte,), daemon=True).start()

    def _parar_de_escutar(self) -> None:
        ouvinte, self._ouvinte = self._ouvinte, None
        if ouvinte is not None:
            with contextlib.suppress(OSError):
                ouvinte.shutdown(socket.SHUT_RDWR)
            ouvinte.close()

    def _fechar_todos(self) -> None:
        with self._trava:
            abertos, self._sockets = self._sockets, set()
        for s in abertos:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def _guardar(self, *sockets: socket.socket) -> None:
        with self._trava:
            self._sockets.update(sockets)

    def _aceitar(self, ouvinte: socket.socket) -> None:
        while True:
            try:
                cliente, _ = ouvinte.accept()
            except OSError:
                return  # parou de escutar
            self._guardar(cliente)
            threading.Thread(target=self._atender, args=(cliente,), daemon=True).start()

    def _atender(self, cliente: socket.socket) -> None:
        # congelado, nem o servidor de verdade é procurado: a conexão fica sem resposta
        self._encaminhar.wait()
        try:
            servidor = socket.create_connection(self.destino, timeout=5)
            servidor.settimeout(None)
        except OSError:
            cliente.close()
            return
        self._guardar(servidor)
        threading.Thread(target=self._bombear, args=(cliente, servidor), daemon=True).start()
        self._bombear(servidor, cliente)

    def _bombear(self, de: socket.socket, para: socket.socket) -> None:
        try:
            while True:
                dados = de.recv(65536)
                if not dados:
                    break
                self._encaminhar.wait()
                para.sendall(dados)
        except OSError:
            pass
        finally:
            for s in (de, para):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
