"""Documentos anexados ao processo (a peça da defesa, do recurso): guardar, listar, baixar.

O arquivo fica no banco (`documento_anexo`) com o seu SHA-256, ligado ao ato que o trouxe, na
MESMA transação do ato: ou ficam os dois, ou nenhum. Aceitam-se PDF, imagens (JPEG, PNG) e
textos do LibreOffice/Word (ODT, DOCX) de até 10 MiB; o tipo é conferido pelo conteúdo (a
assinatura do arquivo), não só pelo nome.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from farol import entrada
from farol.erros import EntradaInvalida, NaoEncontrado
from farol.relogio import agora
from farol.services.jurisdicao import Ator, exigir_alcance
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import Ato, DocumentoAnexo, Processo

TAMANHO_MAXIMO = entrada.ARQUIVO  # farol/entrada.py
CAMPO = "arquivo"

# extensão -> (tipo MIME, assinaturas aceitas no início do arquivo)
TIPOS: dict[str, tuple[str, tuple[bytes, ...]]] = {
    "pdf": ("application/pdf", (b"%PDF-",)),
    "jpg": ("image/jpeg", (b"\xff\xd8\xff",)),
    "jpeg": ("image/jpeg", (b"\xff\xd8\xff",)),
    "png": ("image/png", (b"\x89PNG\r\n\x1a\n",)),
    "odt": ("application/vnd.oasis.opendocument.text", (b"PK\x03\x04",)),
    "docx": (
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        (b"PK\x03\x04",),
    ),
}


@dataclass(frozen=True)
class Arquivo:
    """O que o usuário enviou: o nome do arquivo e os bytes."""

    nome: str
    conteudo: bytes


def _tamanho(n: int) -> str:
    if n < 1024:
        return f"{n} bytes"
    if n < 1024 * 1024:
        return f"{n / 1024:.0f} KiB".replace(".", ",")
    return f"{n / (1024 * 1024):.1f} MiB".replace(".", ",")


def nome_seguro(nome: str) -> str:
    """Só o nome (sem pastas), sem caracteres de controle, até 255 caracteres."""
    base = re.split(r"[\\/]", nome)[-1]
    base = "".join(
        c for c in unicodedata.normalize("NFC", base) if unicodedata.category(c)[0] != "C"
    )
    base = base.strip().strip(".") or "documento"
    if len(base) > 255:
        raiz, _, ext = base.rpartition(".")
        base = (raiz[: 250 - len(ext)] + "." + ext) if raiz else base[:255]
    return base


def validar(arquivo: Arquivo) -> tuple[str, str]:
    """O nome seguro e o tipo MIME, ou `EntradaInvalida` em português (campo `arquivo`)."""
    nome = nome_seguro(arquivo.nome)
    if not arquivo.conteudo:
        raise EntradaInvalida("o arquivo está vazio", campo=CAMPO)
    if len(arquivo.conteudo) > TAMANHO_MAXIMO:
        raise EntradaInvalida(f"arquivo acima do limite de {_tamanho(TAMANHO_MAXIMO)}", campo=CAMPO)
    extensao = nome.rpartition(".")[2].lower() if "." in nome else ""
    if extensao not in TIPOS:
        raise EntradaInvalida(
            f"tipo de arquivo não aceito ({nome}); envie PDF, JPEG, PNG, ODT ou DOCX",
            campo=CAMPO,
        )
    mime, assinaturas = TIPOS[extensao]
    if not any(arquivo.conteudo.startswith(a) for a in assinaturas):
        raise EntradaInvalida(
            f"o conteúdo de {nome} não é um arquivo .{extensao} válido", campo=CAMPO
        )
    return nome, mime


def _processo(s: Session, ator: Ator, processo_id: int) -> Processo:
    p = s.get(Processo, processo_id)
    if p is None:
        raise NaoEncontrado("processo não encontrado", campo="id")
    exigir_alcance(ator, p.om_id)
    return p


def guardar(
    s: Session, ator: Ator, processo_id: int, arquivo: Arquivo, ato_id: int | None = None
) -> dict[str, Any]:
    """Grava o arquivo no processo (e no ato, se dado); devolve os seus metadados."""
    p = _processo(s, ator, processo_id)
    nome, mime = validar(arquivo)
    if ato_id is not None:
        ato = s.get(Ato, ato_id)
        if ato is None or ato.processo_id != p.id:
            raise EntradaInvalida("o ato não pertence a este processo", campo="ato_id")
    doc = DocumentoAnexo(
        processo_id=p.id,
        ato_id=ato_id,
        nome_arquivo=nome,
        tipo_mime=mime,
        sha256=hashlib.sha256(arquivo.conteudo).hexdigest(),
        conteudo=arquivo.conteudo,
        criado_em=agora(),
    )
    s.add(doc)
    s.flush()
    return _json(doc.id, doc.ato_id, nome, mime, doc.sha256, len(arquivo.conteudo), doc.criado_em)


def _json(
    id_: int,
    ato_id: int | None,
    nome: str,
    mime: str,
    sha256: str,
    tamanho: int,
    criado_em: dt.datetime,
) -> dict[str, Any]:
    return {
        "id": id_,
        "ato_id": ato_id,
        "nome_arquivo": nome,
        "tipo_mime": mime,
        "sha256": sha256,
        "tamanho": tamanho,
        "tamanho_texto": _tamanho(tamanho),
        "criado_em": criado_em.isoformat(),
    }


@caso_de_uso()
def listar(s: Session, ator: Ator, processo_id: int) -> list[dict[str, Any]]:
    """Os anexos do processo (sem o conteúdo), na ordem em que chegaram."""
    p = _processo(s, ator, processo_id)
    linhas = s.execute(
        select(
            DocumentoAnexo.id,
            DocumentoAnexo.ato_id,
            DocumentoAnexo.nome_arquivo,
            DocumentoAnexo.tipo_mime,
            DocumentoAnexo.sha256,
            func.length(DocumentoAnexo.conteudo),
            DocumentoAnexo.criado_em,
        )
        .where(DocumentoAnexo.processo_id == p.id)
        .order_by(DocumentoAnexo.id)
    ).all()
    return [_json(*linha) for linha in linhas]


@caso_de_uso()
def obter(s: Session, ator: Ator, processo_id: int, anexo_id: int) -> tuple[str, str, bytes]:
    """Nome, tipo MIME e conteúdo do anexo; de outro processo ou fora da jurisdição: 404."""
    p = _processo(s, ator, processo_id)
    doc = s.get(DocumentoAnexo, anexo_id)
    if doc is None or doc.processo_id != p.id:
        raise NaoEncontrado("documento não encontrado", campo="anexo_id")
    return doc.nome_arquivo, doc.tipo_mime, doc.conteudo
