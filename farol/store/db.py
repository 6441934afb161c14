"""Conexão com o banco: SQLite embutido ou PostgreSQL, e a unidade de trabalho.

SQLite: `foreign_keys=ON`, diário WAL, `busy_timeout`, e toda transação de escrita abre
com `BEGIN IMMEDIATE`: quem escreve pega a trava de escrita logo no início e os outros
escritores esperam (até `busy_timeout`) em vez de falhar no meio com "database is locked".
Leituras podem usar `somente_leitura=True`, que abre com `BEGIN` comum e não bloqueia.

PostgreSQL: driver psycopg 3 (`postgresql+psycopg://`); `postgresql://` é aceito.

Esperas (`farol.config.EsperasDoBanco`, variáveis `FAROL_BANCO_ESPERA_*`): conectar
(`connect_timeout`), cada comando (`statement_timeout` no servidor e, no cliente, desistir
1 s depois dele: um servidor congelado não cancela nada) e pegar conexão do pool
(`pool_timeout`). Banco fora do ar, congelado ou que demora além disso vira
`BancoIndisponivel` (HTTP 503 com `Retry-After`), e o disjuntor do `Banco` passa a recusar na
hora os pedidos seguintes, deixando um de cada vez testar se o banco voltou: as threads do
servidor não ficam presas esperando e as páginas que não usam o banco continuam respondendo.

Leituras de um pedido da API (`Banco.leitura_do_pedido`, `sessoes_do_pedido`): a transação
toda tem ainda o prazo `limite_leitura_s` (`LIMITE_DA_LEITURA_DO_PEDIDO_S`, no máximo
`espera_comando_s`), para que um pedido que o cliente abandonou pare de trabalhar. PostgreSQL:
o `statement_timeout` da sessão passa a esse prazo, e as escritas do pedido
(`Banco.escrita_do_pedido`) têm o mesmo prazo por comando; a conexão guarda o valor em vigor e
o troca (`SET` de sessão, que vale depois do COMMIT) só quando a transação pede outro: no
vaivém comum, pedido atrás de pedido, nenhuma ida a mais ao banco. SQLite: um progress
handler, ligado no `BEGIN` e desligado no fim, interrompe a leitura passado o prazo
("interrupted"). Nos dois, passar do prazo é 503 sem ligar o disjuntor.
"""

from __future__ import annotations

import inspect
import os
import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError
from sqlalchemy.pool import StaticPool

from farol.config import EsperasDoBanco
from farol.erros import Conflito, ErroFarol

ESPERA_TRAVA_MS = 30_000
"""Espera padrão pela trava do SQLite quando o comando não tem limite (migrações)."""
MARGEM_DO_CLIENTE_S = 1.0
"""O cliente desiste do PostgreSQL este tanto depois do `statement_timeout` do servidor."""
TENTAR_DE_NOVO_S = 5
"""O `Retry-After` sugerido quando o banco está indisponível."""
OPCAO_LEITURA = "farol_somente_leitura"
OPCAO_LIMITE = "farol_limite_s"
"""Opção de execução com o tempo máximo (s) de uma transação de leitura de um pedido HTTP."""
OPCAO_LIMITE_DO_COMANDO = "farol_limite_do_comando_s"
"""Opção de execução com o tempo máximo (s) de cada comando de uma escrita de um pedido HTTP
(PostgreSQL; no SQLite a escrita espera a trava, `busy_timeout`)."""
LIMITE_DA_LEITURA_DO_PEDIDO_S = 15.0
"""Quanto pode durar a leitura de um pedido HTTP (a sessão partilhada do pedido,
`farol.services.unit_of_work.UnitOfWorkDoPedido`), no máximo `espera_comando_s`: um pedido
que o cliente abandonou (o servidor não o interrompe quando a conexão cai) para de trabalhar.
PostgreSQL: o `statement_timeout` da sessão, se for menor que o da conexão.
SQLite: um progress handler que interrompe o comando em curso passado o prazo da transação."""
PASSOS_DO_SQLITE = 10_000
"""A cada quantas instruções da máquina virtual do SQLite o progress handler olha o relógio."""


class BancoIndisponivel(ErroFarol):
    """O banco não respondeu (fora do ar, congelado, lento além da espera): HTTP 503."""

    def __init__(self, motivo: str, segundos: int = TENTAR_DE_NOVO_S) -> None:
        super().__init__(
            f"banco de dados indisponível ({motivo}); tente de novo em {segundos} segundos",
        )
        self.segundos = segundos


def normalizar_url(url: str | URL) -> URL:
    """`postgresql://` e `postgres://` passam a usar o psycopg 3."""
    u = make_url(url)
    if u.drivername in ("postgresql", "postgres"):
        u = u.set(drivername="postgresql+psycopg")
    return u


ErroDeBanco = SQLAlchemyError
"""Falha do banco (conexão, esquema desatualizado...): as bordas a traduzem sem importar SQL."""


def url_para_exibir(url: str | URL) -> str:
    """A URL do banco sem a senha."""
    return make_url(url).render_as_string(hide_password=True)


def arquivo_sqlite(url: str | URL) -> str | None:
    """O caminho do arquivo de um banco SQLite (None em memória ou em outro banco)."""
    u = make_url(url)
    return u.database or None if u.get_backend_name() == "sqlite" else None


def e_sqlite(url: str | URL) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def _sqlite_em_memoria(u: URL) -> bool:
    return u.database in (None, "", ":memory:")


def _modo_wal(cursor: Any) -> None:
    """Liga o diário WAL. Num arquivo novo, duas conexões que chegam juntas disputam a trava
    exclusiva dessa troca e o SQLite responde "database is locked" sem esperar o
    `busy_timeout`: tenta-se de novo por alguns segundos."""
    import sqlite3

    for tentativa in range(100):
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or tentativa == 99:
                raise
            time.sleep(0.05)


def _espera_trava_ms(esperas: EsperasDoBanco) -> int:
    s = esperas.espera_comando_s
    return ESPERA_TRAVA_MS if s is None else max(1, round(s * 1000))


class FilaDeEscritores:
    """A vez de escrever num arquivo SQLite, para as conexões de todos os processos do Farol que
    o abrem: uma trava da thread (os escritores de um processo) e uma trava do arquivo
    `<banco>-escritores` (`flock`, entre processos), tomadas antes do `BEGIN IMMEDIATE` e soltas
    depois do COMMIT ou do ROLLBACK.

    O SQLite serializa os escritores de qualquer modo (um de cada vez com a trava de escrita);
    o que muda é como se espera a vez. Quem acha a trava de escrita ocupada espera no
    `busy_timeout`, que não é uma fila: o SQLite dorme 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50 e
    100 ms entre uma tentativa e a seguinte e só então olha de novo, e quem chega no meio (outro
    pedido do mesmo processo) passa na frente. Com 2 processos e 8 clientes gravando atos, a
    trava ficava livre enquanto os que esperavam dormiam, e os azarados esperavam centenas de
    ms (bench/atos.py: p99 de 0,4–0,8 s a 8 clientes). Aqui a espera é na trava da thread e no
    `flock`, que acordam o seguinte assim que a vez se solta; o `BEGIN IMMEDIATE` quase nunca
    espera (e, se esperar por um processo de fora do Farol, é no `busy_timeout`, como antes).

    A espera tem o limite do `busy_timeout` (`FAROL_BANCO_ESPERA_COMANDO_S`): passado ele, a
    escrita falha como a trava do SQLite falharia ("database is locked": HTTP 503)."""

    def __init__(self, arquivo: str | Path, espera_s: float) -> None:
        self.arquivo = Path(arquivo)
        self.espera_s = espera_s
        self._thread = threading.Lock()
        self._fd: int | None = None
        self._pid = 0
        self._dono: Any = None
        """A conexão do DBAPI que tem a vez (None: ninguém deste processo)."""
        _FILAS.add(self)

    def _no_filho(self) -> None:
        """Depois de um `fork`: o filho começa sem a vez. A trava da thread herdada viria
        fechada se outra thread do pai escrevia naquele instante (e ninguém no filho a
        soltaria: toda escrita dele esperaria o prazo e falharia); o descritor herdado
        partilha o `flock` com o pai (fechá-lo no filho não solta a trava do pai)."""
        self._thread = threading.Lock()
        self._dono = None
        if self._fd is not None:
            with suppress(OSError):
                os.close(self._fd)
        self._fd = None
        self._pid = 0

    def _descritor(self) -> int:
        # um descritor por processo: o herdado num fork partilharia a trava com o pai
        if self._fd is None or self._pid != os.getpid():
            self._fd = os.open(self.arquivo, os.O_RDWR | os.O_CREAT, 0o600)
            self._pid = os.getpid()
        return self._fd

    def tomar(self, dbapi: Any) -> None:
        import fcntl

        fim = time.monotonic() + self.espera_s
        if not self._thread.acquire(timeout=self.espera_s):
            raise _trava_ocupada()
        try:
            fd = self._descritor()
            # entre processos: sem espera com prazo no flock, tenta-se de novo a cada 0,2 ms
            # (só a thread da vez de cada processo espera aqui)
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > fim:
                        raise _trava_ocupada() from None
                    time.sleep(0.0002)
        except BaseException:
            self._thread.release()
            raise
        self._dono = dbapi

    def soltar(self, dbapi: Any) -> None:
        """Solta a vez se ela é da conexão `dbapi` (o COMMIT, o ROLLBACK ou o fechamento de uma
        conexão que não a tem não fazem nada)."""
        if self._dono is None or self._dono is not getattr(dbapi, "dbapi_connection", dbapi):
            return
        import fcntl

        self._dono = None
        try:
            if self._fd is not None and self._pid == os.getpid():
                fcntl.flock(self._fd, fcntl.LOCK_UN)
        finally:
            self._thread.release()

    def fechar(self) -> None:
        """Fecha o descritor do arquivo `-escritores` deste processo (o `Banco.fechar`; sem
        isso, cada banco aberto e fechado deixava um descritor aberto). Se uma conexão tem a
        vez agora, fica como está: ela a solta no COMMIT ou no ROLLBACK. A próxima escrita
        reabre o arquivo."""
        if not self._thread.acquire(blocking=False):
            return
        try:
            if self._fd is not None and self._pid == os.getpid():
                os.close(self._fd)
            self._fd = None
        finally:
            self._thread.release()


_FILAS: weakref.WeakSet[FilaDeEscritores] = weakref.WeakSet()
"""As filas deste processo, para o filho de um `fork` recomeçá-las (`FilaDeEscritores._no_filho`;
o servidor cria os seus processos por `spawn`, mas quem usa o Farol como biblioteca pode não)."""


def _recomecar_filas_no_filho() -> None:
    for fila in list(_FILAS):
        fila._no_filho()


os.register_at_fork(after_in_child=_recomecar_filas_no_filho)


def descartar_engine(engine: Engine) -> None:
    """`engine.dispose()` e o descritor da fila dos escritores do SQLite (`FilaDeEscritores.
    fechar`): as engines de uma vez (migrar, copiar) não deixam descritor aberto."""
    engine.dispose()
    if (fila := fila_de_escritores(engine)) is not None:
        fila.fechar()


def fila_de_escritores(engine: Engine) -> FilaDeEscritores | None:
    """A fila dos escritores do arquivo SQLite da engine (None no PostgreSQL e em memória)."""
    fila: FilaDeEscritores | None = getattr(engine.dialect, "farol_fila_de_escritores", None)
    return fila


def _trava_ocupada() -> sa_exc.OperationalError:
    import sqlite3

    return sa_exc.OperationalError(
        "BEGIN IMMEDIATE", None, sqlite3.OperationalError("database is locked")
    )


def _fila_nos_terminos(engine: Engine, fila: FilaDeEscritores) -> None:
    """A vez de escrever solta depois do COMMIT e do ROLLBACK de quem a tem (os da transação e o
    do pool ao receber a conexão de volta) e quando a conexão se fecha."""
    dialeto = engine.dialect
    commit, rollback, fechar = dialeto.do_commit, dialeto.do_rollback, dialeto.do_close

    def _commit(dbapi: Any) -> None:
        try:
            commit(dbapi)
        finally:
            fila.soltar(dbapi)

    def _rollback(dbapi: Any) -> None:
        try:
            rollback(dbapi)
        finally:
            fila.soltar(dbapi)

    def _fechar(dbapi: Any) -> None:
        try:
            fechar(dbapi)
        finally:
            fila.soltar(dbapi)

    # só o dialeto desta engine (como o ping do PostgreSQL)
    setattr(dialeto, "farol_fila_de_escritores", fila)  # noqa: B010
    setattr(dialeto, "do_commit", _commit)  # noqa: B010
    setattr(dialeto, "do_rollback", _rollback)  # noqa: B010
    setattr(dialeto, "do_close", _fechar)  # noqa: B010


def _preparar_sqlite(engine: Engine, esperas: EsperasDoBanco) -> None:
    trava_ms = _espera_trava_ms(esperas)
    arquivo = None if _sqlite_em_memoria(engine.url) else Path(str(engine.url.database))
    fila = (
        None
        if arquivo is None
        else FilaDeEscritores(arquivo.with_name(arquivo.name + "-escritores"), trava_ms / 1000)
    )
    if fila is not None:
        _fila_nos_terminos(engine, fila)

    @event.listens_for(engine, "connect")
    def _ao_conectar(dbapi: Any, _registro: Any) -> None:
        # Sem transações implícitas do pysqlite: o BEGIN é emitido pelo evento abaixo.
        dbapi.isolation_level = None
        cursor = dbapi.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={trava_ms}")
        _modo_wal(cursor)
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _ao_iniciar(conexao: Connection) -> None:
        opcoes = conexao.get_execution_options()
        limite = opcoes.get(OPCAO_LIMITE)
        dbapi = conexao.connection.dbapi_connection
        if limite is None:
            dbapi.set_progress_handler(None, 0)  # type: ignore[union-attr]
        else:
            fim = time.monotonic() + limite
            # devolver True interrompe o comando: sqlite3.OperationalError "interrupted"
            dbapi.set_progress_handler(  # type: ignore[union-attr]
                lambda: time.monotonic() > fim, PASSOS_DO_SQLITE
            )
        if opcoes.get(OPCAO_LEITURA):
            conexao.exec_driver_sql("BEGIN")
        elif fila is None:
            conexao.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            fila.tomar(dbapi)
            try:
                conexao.exec_driver_sql("BEGIN IMMEDIATE")
            except BaseException:
                fila.soltar(dbapi)
                raise

    @event.listens_for(engine, "commit")
    @event.listens_for(engine, "rollback")
    def _ao_terminar(conexao: Connection) -> None:
        # o prazo é da transação: o COMMIT/ROLLBACK e a conexão devolvida ao pool não o herdam
        if conexao.get_execution_options().get(OPCAO_LIMITE) is not None:
            dbapi = conexao.connection.dbapi_connection
            dbapi.set_progress_handler(None, 0)  # type: ignore[union-attr]


@cache
def _conexao_pg_com_prazo() -> type[Any]:
    """`psycopg.Connection` que desiste de esperar o servidor depois de `prazo_s` segundos.

    O `statement_timeout` é aplicado pelo servidor; um servidor congelado (SIGSTOP, rede
    que engole pacotes, proxy parado) não o aplica, e o psycopg esperaria para sempre. Aqui
    toda espera por ele (comando, commit, rollback, o ping do pool) tem prazo; passado o
    prazo, a conexão é fechada (estado desconhecido) e o erro de conexão sobe.
    """
    import psycopg
    from psycopg import errors

    espera_esgotada: type[Exception] = getattr(errors, "_WaitTimeout", psycopg.OperationalError)
    # psycopg < 3.2 não tem prazo na espera: fica só o statement_timeout do servidor
    com_prazo = "timeout" in inspect.signature(psycopg.Connection.wait).parameters

    class ConexaoComPrazo(psycopg.Connection[Any]):
        prazo_s: float | None = None
        statement_timeout_ms: int | None = None
        """O `statement_timeout` em vigor na sessão, se trocado por uma transação que terminou
        com COMMIT (`None`: o da conexão, das `options` ao conectar)."""
        statement_timeout_pendente: tuple[int | None] | None = None
        """O trocado pela transação em curso: vale depois do COMMIT, some no ROLLBACK."""

        def commit(self) -> None:
            super().commit()
            if self.statement_timeout_pendente is not None:
                (self.statement_timeout_ms,) = self.statement_timeout_pendente
                self.statement_timeout_pendente = None

        def rollback(self) -> None:
            self.statement_timeout_pendente = None
            # O psycopg, num ROLLBACK, esquece todos os comandos preparados da conexão e manda
            # DEALLOCATE ALL (por uma transação que tivesse criado um tipo ou uma tabela usados
            # por eles). As transações do Farol não fazem DDL (as migrações têm conexões
            # próprias, fechadas no fim): cada pedido recusado no meio de uma transação (um ato
            # recusado, uma leitura com transação que falhou) fazia o banco planejar de novo cada
            # consulta das ~10 seguintes nessa conexão: 0,3 ms de CPU do banco por ato com 2 % de
            # atos recusados (bench/atos.py, docs/banco.md).
            # O ROLLBACK é o do psycopg, com um gerente de preparados vazio no lugar do da
            # conexão durante ele.
            preparados = getattr(self, "_prepared", None)
            if preparados is None:  # outro psycopg: o ROLLBACK dele, inteiro
                super().rollback()
                return
            self._prepared = type(preparados)()
            try:
                super().rollback()
            finally:
                self._prepared = preparados

        def wait(self, gen: Any, interval: float = 0.1, timeout: float | None = None) -> Any:
            if not com_prazo:
                return super().wait(gen, interval)  # type: ignore[call-arg, unused-ignore]
            prazo = timeout if timeout is not None else self.prazo_s
            try:
                return super().wait(gen, interval, prazo)
            except espera_esgotada as e:
                self.pgconn.finish()
                raise psycopg.OperationalError(
                    f"o servidor não respondeu em {prazo:g} s; conexão descartada"
                ) from e

    return ConexaoComPrazo


def _preparar_postgresql(engine: Engine, esperas: EsperasDoBanco) -> None:
    comando_s = esperas.espera_comando_s

    @event.listens_for(engine, "do_connect")
    def _conectar(_dialeto: Any, _registro: Any, cargs: Any, cparams: dict[str, Any]) -> Any:
        cparams.setdefault("connect_timeout", max(2, round(esperas.espera_conexao_s)))
        if comando_s is not None:
            limite = f"-c statement_timeout={max(1, round(comando_s * 1000))}"
            cparams["options"] = f"{cparams.get('options') or ''} {limite}".strip()
        conexao = _conexao_pg_com_prazo().connect(*cargs, **cparams)
        if comando_s is not None:
            conexao.prazo_s = comando_s + MARGEM_DO_CLIENTE_S
        return conexao

    # O ping do pool (`pool_pre_ping`, antes de entregar uma conexão parada) é um comando
    # vazio: espera só o tempo de conectar, não o de um comando. Com o servidor congelado, o
    # pedido que pega uma conexão parada desiste em segundos, não em `espera_comando_s`.
    ping = engine.dialect.do_ping

    def _ping_curto(conexao: Any) -> bool:
        anterior = getattr(conexao, "prazo_s", None)
        conexao.prazo_s = esperas.espera_conexao_s
        try:
            return bool(ping(conexao))
        finally:
            conexao.prazo_s = anterior

    setattr(engine.dialect, "do_ping", _ping_curto)  # noqa: B010 (só o dialeto desta engine)

    @event.listens_for(engine, "begin")
    def _limitar_comandos(conexao: Connection) -> None:
        opcoes = conexao.get_execution_options()
        limite = opcoes.get(OPCAO_LIMITE) or opcoes.get(OPCAO_LIMITE_DO_COMANDO)
        valor = None  # o da conexão (`options` ao conectar)
        if limite is not None and (comando_s is None or limite < comando_s):
            valor = max(1, round(limite * 1000))
        dbapi: Any = conexao.connection.dbapi_connection
        dbapi.statement_timeout_pendente = None
        if getattr(dbapi, "statement_timeout_ms", None) != valor:
            # SET de sessão (não LOCAL): fica depois do COMMIT, e a conexão o guarda
            # (`ConexaoComPrazo.commit`); um ROLLBACK o desfaz e a conexão o esquece. Sem
            # transação (`autocommit`, a leitura partilhada de um pedido), vale na hora.
            conexao.exec_driver_sql(
                "RESET statement_timeout" if valor is None else f"SET statement_timeout = {valor}"
            )
            if dbapi.autocommit:
                dbapi.statement_timeout_ms = valor
            else:
                dbapi.statement_timeout_pendente = (valor,)


def _dimensionar_pool(opcoes: dict[str, Any], esperas: EsperasDoBanco) -> None:
    """O pool do tamanho das threads que o usam (`EsperasDoBanco.conexoes`) e a mesma folga,
    entregue na ordem LIFO: a conexão devolvida por último é a próxima a sair, e as poucas que a
    carga de agora usa ficam quentes (no PostgreSQL, cada conexão é um processo do servidor com
    os seus caches, e o psycopg prepara um comando na 5ª execução na mesma conexão; na ordem
    FIFO, os pedidos rodariam por todas as conexões abertas num pico)."""
    opcoes.setdefault("pool_timeout", esperas.espera_pool_s)
    opcoes.setdefault("pool_size", esperas.conexoes)
    opcoes.setdefault("max_overflow", esperas.conexoes)
    opcoes.setdefault("pool_use_lifo", True)


def criar_engine(url: str | URL, esperas: EsperasDoBanco | None = None, **opcoes: Any) -> Engine:
    """Engine para a URL; no SQLite cria a pasta do arquivo e liga as pragmas.

    `esperas` (padrão: das variáveis `FAROL_BANCO_ESPERA_*`) limita conectar, cada comando
    e a espera por uma conexão livre do pool.
    """
    esperas = esperas or EsperasDoBanco()
    u = normalizar_url(url)
    if u.get_backend_name() != "sqlite":
        if opcoes.get("poolclass") is None:
            _dimensionar_pool(opcoes, esperas)
        engine = create_engine(u, pool_pre_ping=True, **opcoes)
        _preparar_postgresql(engine, esperas)
        return engine
    argumentos: dict[str, Any] = {
        "check_same_thread": False,
        "timeout": _espera_trava_ms(esperas) / 1000,
    }
    if _sqlite_em_memoria(u):
        opcoes.setdefault("poolclass", StaticPool)
    else:
        Path(str(u.database)).expanduser().parent.mkdir(parents=True, exist_ok=True)
        if opcoes.get("poolclass") is None:
            _dimensionar_pool(opcoes, esperas)
    engine = create_engine(u, connect_args=argumentos, **opcoes)
    _preparar_sqlite(engine, esperas)
    return engine


def esperas_para_migrar() -> EsperasDoBanco:
    """As esperas do ambiente, sem limite de comando: uma migração pode demorar (índices em
    tabelas grandes); conectar e pegar conexão continuam limitados."""
    return EsperasDoBanco().model_copy(update={"espera_comando_s": None})


_TRAVA_SQLITE = ("database is locked", "database table is locked")
_PRAZO_SQLITE = ("interrupted",)  # o progress handler do limite da leitura
_QUEDA_SQLITE = ("unable to open database", "disk i/o error")
_ESPERA_PG = ("57014", "55P03")  # query_canceled (statement_timeout), lock_not_available


def avaliar_falha(e: BaseException) -> tuple[str, bool] | None:
    """Se o erro é do banco indisponível: (motivo em português, se o banco caiu).

    None para os demais erros (SQL errado, restrição violada...): esses não são 503.
    "Caiu" (conexão recusada, perdida, sem resposta, pool esgotado) liga o disjuntor;
    um comando que passou do tempo num banco que responde, ou uma trava do SQLite, não.
    """
    if isinstance(e, sa_exc.TimeoutError):
        return "todas as conexões ocupadas", True
    if not isinstance(e, sa_exc.DBAPIError):
        return None
    if e.connection_invalidated:
        return "conexão perdida", True
    if not isinstance(e, sa_exc.OperationalError):
        return None
    original = e.orig
    if type(original).__module__.startswith("sqlite3"):
        texto = str(original).lower()
        if any(t in texto for t in _TRAVA_SQLITE):
            return "banco ocupado por outra gravação", False
        if any(t in texto for t in _PRAZO_SQLITE):
            return "o comando passou do tempo", False
        if any(t in texto for t in _QUEDA_SQLITE):
            return "arquivo do banco inacessível", True
        return None
    if getattr(original, "sqlstate", None) in _ESPERA_PG:
        return "o comando passou do tempo", False
    return "sem conexão com o servidor", True


class Disjuntor:
    """Depois de uma queda do banco, um pedido de cada vez testa se ele voltou.

    Fechado (normal): todos passam. Uma falha de conexão o abre: enquanto aberto, só um
    pedido por vez vai ao banco (a sonda) e os outros recebem `BancoIndisponivel` na hora,
    sem ocupar conexão nem esperar. A primeira unidade de trabalho que termina bem o fecha.
    """

    def __init__(self) -> None:
        self.aberto = False
        self._sonda = threading.Lock()

    @contextmanager
    def passagem(self) -> Iterator[None]:
        sonda = False
        if self.aberto:
            if not self._sonda.acquire(blocking=False):
                raise BancoIndisponivel("sem conexão com o servidor")
            sonda = True
        try:
            yield
        except SQLAlchemyError as e:
            falha = avaliar_falha(e)
            if falha is None:
                raise
            motivo, caiu = falha
            if caiu:
                self.aberto = True
            raise BancoIndisponivel(motivo) from e
        else:
            self.aberto = False
        finally:
            if sonda:
                self._sonda.release()


def criar_fabrica(engine: Engine) -> sessionmaker[Session]:
    """Sessões que não expiram os objetos no commit (o serviço devolve o que gravou)."""
    return sessionmaker(bind=engine, expire_on_commit=False)


@contextmanager
def unit_of_work(fabrica: sessionmaker[Session]) -> Iterator[Session]:
    """Uma transação numa sessão nova: commit se o bloco terminar, rollback se levantar.

    Perder a corrida da versão otimista (`processo.versao`) vira `Conflito` (HTTP 409).
    """
    with fabrica() as sessao, transacao(sessao):
        yield sessao


@contextmanager
def transacao(sessao: Session) -> Iterator[Session]:
    """A transação em curso de `sessao` (ou a que ela abrir) como unidade de trabalho: commit se
    o bloco terminar, rollback se levantar; a versão otimista perdida vira `Conflito`."""
    try:
        yield sessao
        sessao.commit()
    except StaleDataError as e:
        sessao.rollback()
        raise Conflito(
            "o registro foi alterado por outra pessoa ao mesmo tempo; recarregue e tente de novo",
            campo="versao",
        ) from e
    except BaseException:
        sessao.rollback()
        raise


@dataclass
class Banco:
    """O banco de uma execução do Farol: engine e fábricas de sessão (escrita e leitura)."""

    engine: Engine
    replica: Engine | None = None
    """A réplica de leitura (painel, estatísticas); None: leem no principal."""
    sessoes: sessionmaker[Session] = field(init=False)
    sessoes_leitura: sessionmaker[Session] = field(init=False)
    sessoes_replica: sessionmaker[Session] = field(init=False)
    sessoes_do_pedido: sessionmaker[Session] = field(init=False)
    """Leitura com o prazo de um pedido HTTP (`limite_leitura_s`), numa transação: a de cada caso
    de uso de um pedido fora de uma leitura partilhada (`UnitOfWorkDoPedido.leitura`)."""
    sessoes_partilhadas_do_pedido: sessionmaker[Session] = field(init=False)
    """As leituras partilhadas de um pedido (`UnitOfWorkDoPedido.partilhando`), com o mesmo
    prazo. No PostgreSQL, sem transação (`autocommit`): cada comando com o seu instantâneo,
    como já é em READ COMMITTED dentro de uma transação, sem o BEGIN e o COMMIT (duas idas ao
    banco a menos por pedido)."""
    sessoes_escrita_do_pedido: sessionmaker[Session] = field(init=False)
    """Escrita de um pedido HTTP: no PostgreSQL, cada comando com o prazo do pedido."""
    disjuntor: Disjuntor = field(init=False, default_factory=Disjuntor)
    limite_leitura_s: float = LIMITE_DA_LEITURA_DO_PEDIDO_S

    def __post_init__(self) -> None:
        self.sessoes = criar_fabrica(self.engine)
        leitura = self.engine.execution_options(**{OPCAO_LEITURA: True})
        self.sessoes_leitura = criar_fabrica(leitura)
        do_pedido = leitura.execution_options(**{OPCAO_LIMITE: self.limite_leitura_s})
        self.sessoes_do_pedido = criar_fabrica(do_pedido)
        self.sessoes_partilhadas_do_pedido = (
            criar_fabrica(do_pedido.execution_options(isolation_level="AUTOCOMMIT"))
            if self.engine.dialect.name == "postgresql"
            else self.sessoes_do_pedido
        )
        self.sessoes_escrita_do_pedido = criar_fabrica(
            self.engine.execution_options(**{OPCAO_LIMITE_DO_COMANDO: self.limite_leitura_s})
        )
        self.sessoes_replica = (
            criar_fabrica(self.replica.execution_options(**{OPCAO_LEITURA: True}))
            if self.replica is not None
            else self.sessoes_leitura
        )

    @classmethod
    def conectar(
        cls,
        url: str | URL,
        esperas: EsperasDoBanco | None = None,
        *,
        replica: str | URL | None = None,
        **opcoes: Any,
    ) -> Banco:
        comando_s = (esperas or EsperasDoBanco()).espera_comando_s
        return cls(
            criar_engine(url, esperas, **opcoes),
            criar_engine(replica, esperas, **opcoes) if replica else None,
            limite_leitura_s=min(LIMITE_DA_LEITURA_DO_PEDIDO_S, comando_s or float("inf")),
        )

    @property
    def url(self) -> URL:
        return self.engine.url

    def unit_of_work(self, *, somente_leitura: bool = False) -> AbstractContextManager[Session]:
        """Uma transação (`unit_of_work`) que passa pelo disjuntor: banco fora do ar ou
        sem resposta dentro das esperas vira `BancoIndisponivel`."""
        fabrica = self.sessoes_leitura if somente_leitura else self.sessoes
        return self._pelo_disjuntor(fabrica)

    def leitura_do_pedido(self) -> AbstractContextManager[Session]:
        """Transação de leitura com o prazo de um pedido HTTP (`limite_leitura_s`)."""
        return self._pelo_disjuntor(self.sessoes_do_pedido)

    def escrita_do_pedido(self) -> AbstractContextManager[Session]:
        """Transação de escrita de um pedido HTTP: no PostgreSQL, cada comando com o prazo do
        pedido (`limite_leitura_s`), o mesmo das leituras dele, e a conexão não troca de
        `statement_timeout` entre a leitura e a escrita de um pedido."""
        return self._pelo_disjuntor(self.sessoes_escrita_do_pedido)

    def leitura_na_replica(self) -> AbstractContextManager[Session]:
        """Transação de leitura na réplica, se houver (senão, no principal)."""
        return self._pelo_disjuntor(self.sessoes_replica)

    @contextmanager
    def passagem(self) -> Iterator[None]:
        """O disjuntor em volta de um bloco que usa uma sessão já aberta (a do pedido)."""
        with self.disjuntor.passagem():
            yield

    @contextmanager
    def _pelo_disjuntor(self, fabrica: sessionmaker[Session]) -> Iterator[Session]:
        with self.disjuntor.passagem(), unit_of_work(fabrica) as sessao:
            yield sessao

    def fechar(self) -> None:
        descartar_engine(self.engine)
        if self.replica is not None:
            self.replica.dispose()
