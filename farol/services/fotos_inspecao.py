"""Fotos tiradas na inspeção: conferir, guardar com a inspeção, listar e servir.

Como os anexos do processo (`farol.services.anexos`), a foto fica no banco (`foto_inspecao`)
com o seu SHA-256, na MESMA transação da inspeção: ou ficam as duas, ou nenhuma. Aceitam-se só
JPEG, PNG e WebP, conferidos pela assinatura do conteúdo (não pelo nome nem pelo tipo que o
navegador declara), até `entrada.FOTOS_POR_INSPECAO` fotos de até `entrada.FOTO` cada. A foto
não se altera nem se apaga depois de gravada.

`fotos_da_inspecao` é o que os documentos (Auto de Apreensão) listam: id, SHA-256, quando foi
tirada e a descrição.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from farol import entrada
from farol.erros import EntradaInvalida, NaoEncontrado
from farol.relogio import agora
from farol.services.anexos import _tamanho as tamanho_texto
from farol.services.anexos import nome_seguro
from farol.services.jurisdicao import Ator, carregar_processo, exigir_alcance
from farol.services.resultados.cadastro_da_inspecao import FotoDaInspecao
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import FotoInspecao, Inspecao

CAMPO = "fotos"
TAMANHO_MAXIMO = entrada.FOTO
QUANTIDADE_MAXIMA = entrada.FOTOS_POR_INSPECAO
DESCRICAO_MAXIMA = 500
TOLERANCIA_RELOGIO = dt.timedelta(minutes=5)  # relógio do celular adiantado

TIPOS_ACEITOS = ("image/jpeg", "image/png", "image/webp")  # assinaturas em `tipo_da_imagem`


@dataclass(frozen=True)
class FotoEnviada:
    """O que o inspetor enviou: nome do arquivo, bytes e, se houver, descrição e instante."""

    nome: str
    conteudo: bytes
    descricao: str | None = None
    tirada_em: dt.datetime | None = None


def tipo_da_imagem(conteudo: bytes) -> str | None:
    """O tipo MIME pela assinatura do conteúdo (JPEG, PNG, WebP), ou `None`."""
    if conteudo.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if conteudo.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if conteudo[:4] == b"RIFF" and conteudo[8:12] == b"WEBP":
        return "image/webp"
    return None


def _rotulo(n: int, foto: FotoEnviada) -> str:
    return f"foto {n + 1} ({nome_seguro(foto.nome)})"


def validar(fotos: Sequence[FotoEnviada]) -> list[tuple[str, str]]:
    """(tipo MIME, SHA-256) de cada foto, ou `EntradaInvalida` em português (campo `fotos`)."""
    if len(fotos) > QUANTIDADE_MAXIMA:
        raise EntradaInvalida(
            f"no máximo {QUANTIDADE_MAXIMA} fotos por inspeção; recebidas {len(fotos)}",
            campo=CAMPO,
        )
    conferidas = []
    for n, foto in enumerate(fotos):
        if not foto.conteudo:
            raise EntradaInvalida(f"a {_rotulo(n, foto)} está vazia", campo=CAMPO)
        if len(foto.conteudo) > TAMANHO_MAXIMO:
            raise EntradaInvalida(
                f"a {_rotulo(n, foto)} passa do limite de {tamanho_texto(TAMANHO_MAXIMO)} por foto",
                campo=CAMPO,
            )
        mime = tipo_da_imagem(foto.conteudo)
        if mime is None:
            raise EntradaInvalida(
                f"a {_rotulo(n, foto)} não é uma imagem JPEG, PNG ou WebP (o tipo é conferido "
                "pelo conteúdo do arquivo)",
                campo=CAMPO,
            )
        if foto.descricao is not None:
            if len(foto.descricao) > DESCRICAO_MAXIMA:
                raise EntradaInvalida(
                    f"a descrição da {_rotulo(n, foto)} passa de {DESCRICAO_MAXIMA} caracteres",
                    campo=CAMPO,
                )
            try:
                entrada.conferir_caracteres(foto.descricao)
            except entrada.CaractereProibido as e:
                raise EntradaInvalida(
                    f"descrição da {_rotulo(n, foto)}: {e.problema}", campo=CAMPO
                ) from None
        if foto.tirada_em is not None and (
            foto.tirada_em.tzinfo is None or foto.tirada_em > agora() + TOLERANCIA_RELOGIO
        ):
            raise EntradaInvalida(
                f"a {_rotulo(n, foto)} tem data e hora futuras ou sem fuso horário", campo=CAMPO
            )
        conferidas.append((mime, hashlib.sha256(foto.conteudo).hexdigest()))
    return conferidas


def assinatura(fotos: Sequence[FotoEnviada]) -> str:
    """O que entra na assinatura do pedido (idempotência): SHA-256, descrição e instante."""
    return "|".join(
        f"{hashlib.sha256(f.conteudo).hexdigest()}:{f.descricao or ''}:"
        f"{f.tirada_em.isoformat() if f.tirada_em else ''}"
        for f in fotos
    )


def guardar(s: Session, inspecao_id: int, fotos: Sequence[FotoEnviada]) -> list[FotoDaInspecao]:
    """Grava as fotos da inspeção (já na transação dela); devolve os seus metadados."""
    conferidas = validar(fotos)
    recebida_em = agora()
    for foto, (mime, sha256) in zip(fotos, conferidas, strict=True):
        s.add(
            FotoInspecao(
                inspecao_id=inspecao_id,
                nome_arquivo=nome_seguro(foto.nome),
                tipo_mime=mime,
                sha256=sha256,
                conteudo=foto.conteudo,
                descricao=(foto.descricao or "").strip() or None,
                tirada_em=foto.tirada_em,
                recebida_em=recebida_em,
            )
        )
    s.flush()
    return fotos_da_inspecao(s, inspecao_id)


def fotos_da_inspecao(s: Session, inspecao_id: int) -> list[FotoDaInspecao]:
    """As fotos da inspeção na ordem em que foram enviadas (sem o conteúdo). Não confere
    jurisdição: quem chama já leu a inspeção ou o processo com ela."""
    linhas = s.execute(
        select(
            FotoInspecao.id,
            FotoInspecao.nome_arquivo,
            FotoInspecao.tipo_mime,
            FotoInspecao.sha256,
            func.length(FotoInspecao.conteudo),
            FotoInspecao.descricao,
            FotoInspecao.tirada_em,
            FotoInspecao.recebida_em,
            Inspecao.data_hora,
        )
        .join(Inspecao, Inspecao.id == FotoInspecao.inspecao_id)
        .where(FotoInspecao.inspecao_id == inspecao_id)
        .order_by(FotoInspecao.id)
    ).all()
    return [
        FotoDaInspecao(
            id=fid,
            inspecao_id=inspecao_id,
            nome_arquivo=nome,
            tipo_mime=mime,
            sha256=sha256,
            tamanho=int(tamanho),
            tamanho_texto=tamanho_texto(int(tamanho)),
            descricao=descricao,
            tirada_em=tirada_em or data_hora,
            tirada_em_informada=tirada_em is not None,
            recebida_em=recebida_em,
        )
        for fid, nome, mime, sha256, tamanho, descricao, tirada_em, recebida_em, data_hora in linhas
    ]


def _inspecao(s: Session, ator: Ator, inspecao_id: int) -> Inspecao:
    insp = s.get(Inspecao, inspecao_id)
    if insp is None:
        raise NaoEncontrado("inspeção não encontrada", campo="id")
    exigir_alcance(ator, insp.om_id, "inspeção")
    return insp


@caso_de_uso()
def listar(s: Session, ator: Ator, inspecao_id: int) -> list[FotoDaInspecao]:
    """As fotos de uma inspeção da jurisdição do ator (fora dela: 404)."""
    return fotos_da_inspecao(s, _inspecao(s, ator, inspecao_id).id)


@caso_de_uso()
def do_processo(s: Session, ator: Ator, processo_id: int) -> list[FotoDaInspecao]:
    """As fotos da inspeção que abriu o processo (nenhuma, se não nasceu de inspeção)."""
    p = carregar_processo(s, ator, processo_id)
    return fotos_da_inspecao(s, p.inspecao_id) if p.inspecao_id is not None else []


@caso_de_uso()
def obter(s: Session, ator: Ator, inspecao_id: int, foto_id: int) -> tuple[str, str, bytes]:
    """SHA-256, tipo MIME e conteúdo da foto; de outra inspeção ou fora da jurisdição: 404."""
    insp = _inspecao(s, ator, inspecao_id)
    foto = s.get(FotoInspecao, foto_id)
    if foto is None or foto.inspecao_id != insp.id:
        raise NaoEncontrado("foto não encontrada", campo="foto_id")
    return foto.sha256, foto.tipo_mime, foto.conteudo
