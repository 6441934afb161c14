"""Documentos oficiais emitidos e a verificação da sua autenticidade."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from pydantic import Field

from farol.services.resultados.base import Instante, Resultado


class EfeitoAlterado(Resultado):
    """Um ato posterior que mudou o efeito do documento (ex.: recurso provido)."""

    ato: str
    data: dt.date
    efeito: str


class DocumentoPossivel(Resultado):
    """Um documento que o papel do usuário emite no processo, e se já se emite: o ato que ele
    materializa existe no processo (o documento declara o que esse ato registra) e nada mais o
    impede agora."""

    tipo: str
    titulo: str
    disponivel: bool = Field(
        description="o ato que o documento materializa já está registrado e nada impede a "
        "emissão agora (a Notificação para Pagamento pede multa em vigor a pagar, com o prazo "
        "de pagamento correndo)"
    )
    materializa: list[str] = Field(
        description="os atos do quadro do regime cujo registro o documento materializa"
    )
    motivo: str | None = Field(
        default=None, description="por que ainda não se emite (nulo quando `disponivel`)"
    )
    fundamento: str | None = Field(
        default=None, description="a norma do primeiro ato que o documento materializa"
    )


class DocumentoResumo(Resultado):
    id: int
    codigo: str = Field(description="código de verificação (QR)")
    tipo: str
    titulo: str
    sha256: str
    emitido_em: Instante
    substituido_por: str | None
    vigente: bool
    efeito_alterado: list[EfeitoAlterado]


class DocumentoComEnderecos(DocumentoResumo):
    """O documento emitido e onde baixá-lo e verificá-lo."""

    pdf: str = Field(description="caminho do PDF na API")
    verificacao: str = Field(description="página pública de verificação (a do QR)")


class OmDoDocumento(Resultado):
    sigla: str
    nome: str


class AtoDoDocumento(Resultado):
    tipo: str
    seq: int
    data: dt.date


class CadeiaDoDocumento(Resultado):
    """A cabeça da cadeia de atos do processo sobre a qual o documento foi emitido: a mesma
    impressa no rodapé do PDF (ato e começo do hash)."""

    seq: int = Field(description="o último ato do processo quando o documento foi emitido")
    hash: str = Field(description="o hash desse ato (o rodapé imprime os 16 primeiros)")
    registro_seq: int = Field(description="o ato da cadeia que registra a emissão e o SHA-256")


class Verificacao(Resultado):
    """Documento autêntico: o que a verificação pública mostra, sem dados pessoais."""

    autentico: Literal[True] = True
    codigo: str
    tipo: str
    titulo: str
    processo: str
    om: OmDoDocumento
    emitido_em: Instante
    sha256: str
    ato: AtoDoDocumento | None
    substituido: bool
    substituido_por: str | None
    efeito_alterado: list[EfeitoAlterado]
    vigente: bool
    cadeia: CadeiaDoDocumento | None = None


class DocumentoNaoReconhecido(Resultado):
    """O Farol não atesta o documento: o PDF enviado não é, byte a byte, nenhum documento
    emitido, ou o guardado não confere com a cadeia de atos do processo (`motivo`)."""

    autentico: Literal[False] = False
    sha256: str
    motivo: str


ResultadoDaVerificacao = Annotated[
    Verificacao | DocumentoNaoReconhecido, Field(discriminator="autentico")
]
"""O que POST /verificacao responde: autêntico ou não, conforme `autentico`."""
