"""A unidade de trabalho dos serviços: cada caso de uso abre e fecha a sua transação.

As bordas (API, páginas, CLI) não abrem transação nem executam SQL: entregam ao serviço uma
`UnitOfWork` e os dados do pedido. O serviço declara, com `@caso_de_uso`, se lê ou escreve;
a transação começa quando ele é chamado e termina com ele: commit se ele terminar, rollback
se levantar. Um caso de uso chamado de dentro de outro usa a sessão de quem chamou
(`.na_sessao(s, ...)`), de modo que tudo fica numa só transação.

`BancoUnitOfWork` é a implementação sobre `farol.store.db.Banco`. Os testes unitários usam
uma falsa (`tests/unit/falsos.py`) que conta commits e rollbacks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from functools import update_wrapper
from typing import Concatenate, Generic, ParamSpec, Protocol, TypeVar

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from farol.store.db import Banco, transacao

P = ParamSpec("P")
R = TypeVar("R")


class UnitOfWork(Protocol):
    """Onde o serviço abre a sua transação."""

    def leitura(self) -> AbstractContextManager[Session]:
        """Transação só de leitura (no SQLite, `BEGIN` comum: não trava os escritores)."""
        ...

    def escrita(self) -> AbstractContextManager[Session]:
        """Transação de escrita: commit ao sair do bloco, rollback se ele levantar."""
        ...

    def leitura_na_replica(self) -> AbstractContextManager[Session]:
        """Transação só de leitura na réplica, se a configuração der uma (painel e
        estatísticas: agregados que toleram o atraso da réplica); senão, como `leitura`."""
        ...


class BancoUnitOfWork:
    """A unidade de trabalho sobre o banco da aplicação."""

    def __init__(self, banco: Banco) -> None:
        self.banco = banco

    def leitura(self) -> AbstractContextManager[Session]:
        return self.banco.unit_of_work(somente_leitura=True)

    def escrita(self) -> AbstractContextManager[Session]:
        return self.banco.unit_of_work()

    def leitura_na_replica(self) -> AbstractContextManager[Session]:
        return self.banco.leitura_na_replica()


class UnitOfWorkDoPedido(BancoUnitOfWork):
    """A unidade de trabalho de um pedido HTTP. Cada leitura tem o prazo de um pedido
    (`Banco.limite_leitura_s`): um pedido abandonado para de trabalhar.

    Dentro de `partilhando()`, as leituras (a autenticação e os casos de uso) partilham uma
    sessão e uma transação só de leitura, aberta na primeira e encerrada no fim do bloco: uma
    conexão do pool, um `BEGIN`. O bloco tem de rodar inteiro numa thread (o corpo de uma rota
    síncrona): segurar a conexão entre a dependência e a rota, à espera de uma thread livre,
    deixa os pedidos com conexão esperando thread e os com thread esperando conexão.

    - Uma escrita encerra antes a leitura em curso: o pedido nunca segura duas conexões, e a
      leitura seguinte (nova transação) vê o que foi gravado.
    - Com `partilhando(escrita=True)` (o POST de um ato), a sessão partilhada já abre como de
      escrita, e a escrita continua a transação da leitura: a autenticação e o registro numa
      conexão e numa transação, com o COMMIT no fim da escrita (as leituras depois dela abrem
      outra, na mesma sessão).
    - Um erro dentro de uma leitura ou escrita partilhada a desfaz e encerra: a seguinte começa
      limpa.
    - Leituras na réplica (`leitura_na_replica`: painel e estatísticas) seguem com transação
      própria na réplica, se a configuração der uma; sem réplica, leem no principal como as
      outras: na leitura partilhada, se houver (a mesma conexão e o prazo do pedido).
    """

    def __init__(self, banco: Banco) -> None:
        super().__init__(banco)
        self._partilhar = False
        self._escrever = False
        self._sessao: Session | None = None

    @contextmanager
    def partilhando(self, *, escrita: bool = False) -> Iterator[None]:
        """As leituras deste bloco numa sessão e numa transação só; com `escrita`, também a
        escrita (que grava ao terminar)."""
        self._partilhar, self._escrever = True, escrita
        try:
            yield
        finally:
            self._partilhar = self._escrever = False
            self.encerrar()

    @property
    def aberta(self) -> bool:
        """Se há uma leitura partilhada a encerrar."""
        return self._sessao is not None

    def leitura(self) -> AbstractContextManager[Session]:
        if not self._partilhar:
            return self.banco.leitura_do_pedido()
        return self._partilhada()

    @contextmanager
    def _partilhada(self) -> Iterator[Session]:
        try:
            with self.banco.passagem():
                yield self._sessao_partilhada()
        except BaseException:
            self.encerrar()
            raise

    def leitura_na_replica(self) -> AbstractContextManager[Session]:
        if self._partilhar and self.banco.replica is None:
            return self._partilhada()
        return super().leitura_na_replica()

    def _sessao_partilhada(self) -> Session:
        if self._sessao is None:
            banco = self.banco
            fabrica = (
                banco.sessoes_escrita_do_pedido
                if self._escrever
                else banco.sessoes_partilhadas_do_pedido
            )
            self._sessao = fabrica()
        return self._sessao

    def escrita(self) -> AbstractContextManager[Session]:
        if self._escrever:
            return self._escrita_partilhada()
        self.encerrar()
        return self.banco.escrita_do_pedido()

    @contextmanager
    def _escrita_partilhada(self) -> Iterator[Session]:
        """A escrita na sessão partilhada, continuando a transação das leituras anteriores:
        COMMIT ao terminar; um erro desfaz a transação e encerra a sessão."""
        try:
            with self.banco.passagem(), transacao(self._sessao_partilhada()) as s:
                yield s
        except BaseException:
            self.encerrar()
            raise

    def encerrar(self) -> None:
        """Termina a leitura partilhada, se houver, e devolve a conexão ao pool. Com COMMIT
        (nada foi gravado nela); uma leitura que falhou sai com o ROLLBACK do `close`. Nos dois,
        os comandos preparados da conexão ficam para o pedido seguinte (no ROLLBACK, por
        `farol.store.db._conexao_pg_com_prazo`). Uma falha aqui não muda a resposta já pronta:
        a conexão quebrada é descartada pelo pool e o próximo pedido passa pelo disjuntor."""
        sessao, self._sessao = self._sessao, None
        if sessao is not None:
            with suppress(SQLAlchemyError):
                try:
                    sessao.expunge_all()  # nada a gravar: o COMMIT só encerra a transação
                    sessao.commit()
                finally:
                    sessao.close()


class CasoDeUso(Generic[P, R]):
    """Um serviço que possui a sua transação: `servico(uow, ...)` ou `servico.na_sessao(s, ...)`."""

    def __init__(
        self, funcao: Callable[Concatenate[Session, P], R], *, escrita: bool, replica: bool
    ) -> None:
        self.na_sessao = funcao
        self.escrita = escrita
        self.replica = replica
        update_wrapper(self, funcao)

    def __call__(self, uow: UnitOfWork, /, *args: P.args, **kwargs: P.kwargs) -> R:
        if self.escrita:
            transacao = uow.escrita()
        else:
            transacao = uow.leitura_na_replica() if self.replica else uow.leitura()
        with transacao as s:
            return self.na_sessao(s, *args, **kwargs)


def caso_de_uso(
    *, escrita: bool = False, replica: bool = False
) -> Callable[[Callable[Concatenate[Session, P], R]], CasoDeUso[P, R]]:
    """Declara um caso de uso; `escrita=True` para os que gravam; `replica=True` para as
    leituras agregadas que podem ler na réplica (`FAROL_DATABASE_URL_REPLICA`)."""
    if escrita and replica:
        raise ValueError("um caso de uso que grava não lê na réplica")

    def decorar(funcao: Callable[Concatenate[Session, P], R]) -> CasoDeUso[P, R]:
        return CasoDeUso(funcao, escrita=escrita, replica=replica)

    return decorar


# Os eventos da sessão que mantêm o modelo de leitura (`processo_resumo`, `estatistica_mensal`)
# valem para todo caso de uso: importados aqui, no fim, porque `resumo_processo` declara os seus
# casos de uso com este módulo.
from farol.services import estatistica_mensal as estatistica_mensal  # noqa: E402
from farol.services import resumo_processo as resumo_processo  # noqa: E402
