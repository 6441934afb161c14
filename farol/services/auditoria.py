"""Auditoria: a cadeia de atos de todos os processos, os documentos emitidos e as âncoras.

`verificar` recalcula as cadeias de hashes. `auditar` faz tudo o que se confere sem confiar no
banco: as cadeias, cada documento emitido contra o seu ato de emissão, os processos sem atos e,
se houver uma âncora (arquivo assinado fora do banco, `farol.store.ancoras`), o estado atual
contra ela. `ancorar` grava uma âncora nova do estado atual. Ver docs/banco.md, "Âncoras".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from farol.erros import Conflito, EntradaInvalida
from farol.services.unit_of_work import caso_de_uso
from farol.store import ancoras
from farol.store.ancoras import Diferenca
from farol.store.auditoria import Quebra, verificar_cadeias


@caso_de_uso()
def verificar(s: Session) -> list[Quebra]:
    """As quebras da cadeia (vazia se todos os atos estão íntegros)."""
    return verificar_cadeias(s)


@dataclass(frozen=True)
class Relatorio:
    """O resultado da auditoria: cada diferença achada e a âncora usada (se havia uma)."""

    diferencas: list[Diferenca]
    ancora: Path | None
    ancora_criada_em: str | None
    processos: int
    documentos: int
    contadores: int
    estado: dict[str, Any] = field(repr=False)

    @property
    def integro(self) -> bool:
        return not self.diferencas

    @property
    def so_estado_anterior(self) -> bool:
        """Todas as diferenças são as de um estado anterior ao ancorado (backup antigo)."""
        return all(d.anterior for d in self.diferencas)


def _chave(caminho: Path | None, pasta: Path | None) -> bytes | None:
    if caminho is not None:
        return ancoras.ler_chave(caminho)
    if pasta is not None and ancoras.arquivos_de_ancora(pasta):
        raise EntradaInvalida(
            f"há âncoras em {pasta}, mas nenhuma chave para conferir a assinatura delas: "
            "informe --chave ARQUIVO ou FAROL_CHAVE_ANCORAS",
            campo="chave",
        )
    return None


@caso_de_uso()
def auditar(s: Session, pasta: Path | None = None, chave: Path | None = None) -> Relatorio:
    """Cadeias, documentos, processos sem atos e, com `pasta` e `chave`, a última âncora."""
    segredo = _chave(chave, pasta)
    diferencas = ancoras.quebras_das_cadeias(s)
    diferencas += ancoras.conferir_documentos(s)
    atual = ancoras.estado_atual(s)
    diferencas += ancoras.processos_sem_atos(atual)
    caminho, ancora = None, None
    if pasta is not None and segredo is not None:
        caminho, ancora, invalidas = ancoras.ultima_ancora(pasta, segredo)
        diferencas += invalidas
        if ancora is not None:
            diferencas += ancoras.comparar(s, ancora, atual)
    return Relatorio(
        diferencas=diferencas,
        ancora=caminho,
        ancora_criada_em=None if ancora is None else str(ancora.get("criada_em")),
        processos=len(atual["processos"]),
        documentos=len(atual["documentos"]),
        contadores=len(atual["numeracao"]),
        estado=atual,
    )


@caso_de_uso()
def ancorar(
    s: Session, pasta: Path, chave: Path, *, aceitar_diferencas: bool = False
) -> tuple[Path, Relatorio]:
    """Grava em `pasta` uma âncora do estado atual, assinada com a chave.

    Antes, audita: com alguma diferença (cadeia quebrada, documento alterado, ou o banco
    diferente da âncora anterior), recusa — ancorar aquele estado o tornaria a nova verdade.
    `aceitar_diferencas` ancora assim mesmo e registra as diferenças aceitas na âncora nova.
    """
    relatorio = auditar.na_sessao(s, pasta, chave)
    if relatorio.diferencas and not aceitar_diferencas:
        raise Conflito(
            f"{len(relatorio.diferencas)} diferença(s) na auditoria: ancorar agora tornaria "
            "este estado a referência. Examine-as com `farol auditoria verificar`; para ancorar "
            "assim mesmo (as diferenças ficam registradas na âncora), use --aceitar-diferencas",
            campo="auditoria",
        )
    ancora = ancoras.nova_ancora(
        relatorio.estado, ancoras.ler_chave(chave), aceitas=relatorio.diferencas
    )
    return ancoras.gravar_ancora(pasta, ancora), relatorio


def gerar_chave(caminho: Path) -> None:
    """Grava uma chave nova de assinatura das âncoras (modo 0600, nunca sobrescreve)."""
    ancoras.gerar_chave(caminho)
