"""Backup e restauração: o que um operador pode confiar (issue 14, ponto 9).

`fazer_backup` copia o banco em uso (SQLite pela API de backup online; PostgreSQL por
`pg_dump -Fc` do esquema do Farol). `restaurar` põe o backup no lugar do banco só depois de
auditá-lo (`auditoria.auditar`: cadeias, documentos e, com a pasta e a chave das âncoras, a
última âncora):

- cadeia quebrada, documento alterado, processo sem atos (adulteração): recusa, sempre;
- estado ANTERIOR a uma âncora (contadores de numeração abaixo dos ancorados, atos, processos
  ou documentos que a âncora tem e o backup não): recusa, salvo `aceitar_estado_anterior`.
  Aceito, os contadores sobem até os ancorados (um número já entregue nunca se emite de novo:
  os perdidos ficam como lacuna declarada) e uma âncora nova registra as diferenças aceitas.

O banco atual só é trocado depois da decisão: no SQLite o backup é auditado numa cópia ao lado;
no PostgreSQL o esquema atual é renomeado, o backup restaurado com o nome dele e, se recusado,
apagado, e o antigo volta ao nome original. Pare o `farol serve` antes de restaurar.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from farol.erros import EntradaInvalida
from farol.services import auditoria
from farol.services.auditoria import Relatorio
from farol.services.unit_of_work import BancoUnitOfWork, caso_de_uso
from farol.store import ancoras, copias
from farol.store.ancoras import Diferenca
from farol.store.db import Banco, arquivo_sqlite, e_sqlite
from farol.store.migrar import atualizar_banco

DO_BANCO = ("-wal", "-shm", "-journal")
"""Os arquivos que o SQLite mantém ao lado do banco: gravar um backup neles o corromperia."""


@dataclass(frozen=True)
class Backup:
    arquivo: Path
    formato: str
    tamanho: int
    esquema: str | None = None


def fazer_backup(url: str, arquivo: Path, *, substituir: bool = False) -> Backup:
    """Grava o backup do banco `url` em `arquivo` (o banco pode estar em uso).

    Um arquivo que já existe (o backup de ontem, digitado de novo) só se substitui com
    `substituir`; o próprio banco em uso, nunca (o nome novo apontaria para a cópia e o que o
    servidor gravasse depois iria para o arquivo apagado)."""
    if arquivo.is_dir():
        raise EntradaInvalida(
            f"{arquivo} é uma pasta: informe o arquivo do backup", campo="arquivo"
        )
    if arquivo.exists() and not substituir:
        raise EntradaInvalida(
            f"{arquivo} já existe: o backup não o substitui sem --substituir (um backup bom "
            "se perderia por um nome repetido)",
            campo="arquivo",
        )
    if e_sqlite(url):
        origem = arquivo_sqlite(url)
        if origem is None:
            raise EntradaInvalida("banco SQLite em memória não tem backup", campo="database_url")
        banco = Path(origem).resolve()
        if arquivo.resolve() in {banco, *(banco.with_name(banco.name + x) for x in DO_BANCO)}:
            raise EntradaInvalida(
                f"{arquivo} é o próprio banco em uso (ou o diário dele): grave o backup em "
                "outro arquivo",
                campo="arquivo",
            )
        copias.copiar_sqlite(Path(origem), arquivo)
        return Backup(arquivo, copias.SQLITE, arquivo.stat().st_size)
    esquema = copias.dump_pg(url, arquivo)
    return Backup(arquivo, copias.POSTGRESQL, arquivo.stat().st_size, esquema)


@dataclass(frozen=True)
class Restauracao:
    """O que a restauração decidiu e fez."""

    relatorio: Relatorio
    """A auditoria do estado restaurado (antes de subir os contadores)."""
    restaurado: bool
    aceitas: list[Diferenca] = field(default_factory=list)
    """Diferenças de estado anterior aceitas com `aceitar_estado_anterior`."""
    contadores_elevados: list[str] = field(default_factory=list)
    ancora_nova: Path | None = None

    @property
    def adulteracoes(self) -> list[Diferenca]:
        return [d for d in self.relatorio.diferencas if not d.anterior]

    @property
    def anteriores(self) -> list[Diferenca]:
        return [d for d in self.relatorio.diferencas if d.anterior]


def _decidir(
    banco: Banco, pasta: Path | None, chave: Path | None, aceitar: bool
) -> tuple[Relatorio, bool]:
    relatorio = auditoria.auditar(BancoUnitOfWork(banco), pasta, chave)
    adulterado = any(not d.anterior for d in relatorio.diferencas)
    anterior = any(d.anterior for d in relatorio.diferencas)
    return relatorio, not adulterado and (aceitar or not anterior)


def _depois_de_aceito(
    banco: Banco, relatorio: Relatorio, pasta: Path | None, chave: Path | None
) -> tuple[list[str], Path | None]:
    """Sobe os contadores até a âncora e grava a âncora nova com as diferenças aceitas."""
    anteriores = [d for d in relatorio.diferencas if d.anterior]
    if not anteriores or pasta is None or chave is None or relatorio.ancora is None:
        return [], None
    _, ancora, _ = ancoras.ultima_ancora(pasta, ancoras.ler_chave(chave))
    assert ancora is not None
    uow = BancoUnitOfWork(banco)
    elevados = _elevar(uow, ancora)
    caminho, _ = auditoria.ancorar(uow, pasta, chave, aceitar_diferencas=True)
    return elevados, caminho


@caso_de_uso(escrita=True)
def _elevar(s: Session, ancora: dict[str, Any]) -> list[str]:
    """Os contadores abaixo dos ancorados sobem até eles (numa transação)."""
    return ancoras.elevar_numeracao(s, ancora)


def restaurar(
    url: str,
    arquivo: Path,
    *,
    pasta: Path | None = None,
    chave: Path | None = None,
    aceitar_estado_anterior: bool = False,
) -> Restauracao:
    """Restaura `arquivo` no banco `url` se a auditoria o aceitar (ver o módulo)."""
    formato = copias.formato_do_arquivo(arquivo)
    esperado = copias.SQLITE if e_sqlite(url) else copias.POSTGRESQL
    if formato != esperado:
        raise EntradaInvalida(
            f"{arquivo} é um backup de {formato}, e o banco de destino é {esperado}",
            campo="arquivo",
        )
    if formato == copias.SQLITE:
        return _restaurar_sqlite(url, arquivo, pasta, chave, aceitar_estado_anterior)
    return _restaurar_pg(url, arquivo, pasta, chave, aceitar_estado_anterior)


def _restaurar_sqlite(
    url: str, arquivo: Path, pasta: Path | None, chave: Path | None, aceitar: bool
) -> Restauracao:
    destino = arquivo_sqlite(url)
    if destino is None:
        raise EntradaInvalida("banco SQLite em memória não se restaura", campo="database_url")
    alvo = Path(destino)
    provisorio = alvo.with_name(f".{alvo.name}.restaurando")
    for sufixo in ("", "-wal", "-shm"):
        Path(f"{provisorio}{sufixo}").unlink(missing_ok=True)
    copias.copiar_sqlite(arquivo, provisorio)
    url_provisoria = f"sqlite:///{provisorio}"
    try:
        atualizar_banco(url_provisoria)
        banco = Banco.conectar(url_provisoria)
        try:
            relatorio, aceito = _decidir(banco, pasta, chave, aceitar)
        finally:
            banco.fechar()
        if not aceito:
            return Restauracao(relatorio, restaurado=False)
        alvo.parent.mkdir(parents=True, exist_ok=True)
        copias.substituir_sqlite(provisorio, alvo)
    finally:
        for sufixo in ("", "-wal", "-shm", "-journal"):
            Path(f"{provisorio}{sufixo}").unlink(missing_ok=True)
    return _concluir(url, relatorio, pasta, chave)


def _restaurar_pg(
    url: str, arquivo: Path, pasta: Path | None, chave: Path | None, aceitar: bool
) -> Restauracao:
    esquema = copias.esquema_atual(url)
    no_arquivo = copias.esquemas_do_dump(arquivo)
    if no_arquivo != {esquema}:
        raise EntradaInvalida(
            f"o backup {arquivo} é do(s) esquema(s) {', '.join(sorted(no_arquivo)) or '(nenhum)'}"
            f" e o banco de destino usa o esquema {esquema}: restaure num banco cujo esquema do "
            "Farol tenha o mesmo nome",
            campo="arquivo",
        )
    reserva = f"{esquema}_antes_{dt.datetime.now(dt.UTC):%Y%m%d%H%M%S}"[:63]
    copias.renomear_esquema(url, esquema, reserva)

    def desfazer() -> None:
        # as extensões que a restauração trouxe para o esquema novo voltam com o antigo
        copias.mover_extensoes(url, esquema, reserva)
        copias.apagar_esquema(url, esquema)
        copias.renomear_esquema(url, reserva, esquema)

    try:
        copias.restaurar_pg(url, arquivo, esquema, reserva)
        atualizar_banco(url)
        banco = Banco.conectar(url)
        try:
            relatorio, aceito = _decidir(banco, pasta, chave, aceitar)
        finally:
            banco.fechar()
    except BaseException:
        desfazer()
        raise
    if not aceito:
        desfazer()
        return Restauracao(relatorio, restaurado=False)
    copias.apagar_esquema(url, reserva)
    return _concluir(url, relatorio, pasta, chave)


def _concluir(
    url: str, relatorio: Relatorio, pasta: Path | None, chave: Path | None
) -> Restauracao:
    banco = Banco.conectar(url)
    try:
        elevados, nova = _depois_de_aceito(banco, relatorio, pasta, chave)
    finally:
        banco.fechar()
    aceitas = [d for d in relatorio.diferencas if d.anterior]
    return Restauracao(relatorio, True, aceitas, elevados, nova)
