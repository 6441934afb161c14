"""Uma unidade de trabalho falsa para testar os serviços sem banco de teste.

`UnidadeFalsa` entrega sessões de um SQLite em memória criado direto dos modelos ORM (sem
arquivo, sem migração, sem servidor) e conta o que o serviço fez com a transação: quantas
leituras e escritas abriu, quantos commits e rollbacks houve. Serve para provar, em
milissegundos, que cada caso de uso possui a sua transação: commit quando termina, rollback
quando recusa, nenhuma escrita num caso de uso de leitura.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from farol.store.orm import Base


class UnidadeFalsa:
    def __init__(self) -> None:
        engine = create_engine(
            "sqlite://", connect_args={"check_same_thread": False}, poolclass=StaticPool
        )
        Base.metadata.create_all(engine)
        self._sessoes = sessionmaker(bind=engine, expire_on_commit=False)
        self.leituras = 0
        self.escritas = 0
        self.commits = 0
        self.rollbacks = 0
        self.escreveu_na_leitura = False

    @contextmanager
    def _transacao(self, escrita: bool) -> Iterator[Session]:
        with self._sessoes() as s:
            try:
                yield s
                if escrita:
                    s.commit()
                    self.commits += 1
                else:
                    self.escreveu_na_leitura |= bool(s.new or s.dirty or s.deleted)
                    s.rollback()
            except BaseException:
                s.rollback()
                self.rollbacks += 1
                raise

    def leitura(self) -> AbstractContextManager[Session]:
        self.leituras += 1
        return self._transacao(escrita=False)

    def escrita(self) -> AbstractContextManager[Session]:
        self.escritas += 1
        return self._transacao(escrita=True)

    def leitura_na_replica(self) -> AbstractContextManager[Session]:
        self.leituras += 1
        return self._transacao(escrita=False)

    @contextmanager
    def sessao(self) -> Iterator[Session]:
        """Para o teste preparar dados (commit ao sair)."""
        with self._sessoes() as s:
            yield s
            s.commit()

