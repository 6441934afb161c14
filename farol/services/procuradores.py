"""Procuradores do interessado (Norma de 2023, item 3.6.6: "No caso de procurador, este deverá
fornecer instrumento procuratório específico para esta finalidade.").

O procurador se constitui por um ato do quadro (marca `constitui_procurador`), encadeado na
auditoria como todo ato; a linha de `procurador` é gravada com ele (`gravar`, chamado por
`processos.registrar_ato`) e o instrumento é o documento anexado ao mesmo ato, exigido por
`processos.registrar` (`conferir_instrumento`). A leitura serve ao detalhe do processo, à
consulta pública e aos documentos oficiais, que nomeiam o procurador.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.domain.cpf_cnpj import formatar_documento
from farol.erros import EntradaInvalida
from farol.normas.comunicacao import comunicacao
from farol.services.comandos import DadosProcurador
from farol.store.orm import Ato, DocumentoAnexo, Processo, Procurador


def gravar(s: Session, p: Processo, ato: Ato, dados: DadosProcurador) -> Procurador:
    """A linha do procurador constituído pelo `ato` (o CPF já vem só com dígitos)."""
    pr = Procurador(
        processo_id=p.id,
        ato_id=ato.id,
        nome=dados.nome,
        cpf=dados.cpf,
        oab=dados.oab,
        email=dados.email,
        endereco=dados.endereco,
        constituido_em=ato.data_ato,
    )
    s.add(pr)
    s.flush()
    return pr


def conferir_instrumento(s: Session, ato_id: int, anexo_id: int | None) -> dict[str, Any] | None:
    """Se o ato constituiu procurador, exige o instrumento anexado (senão `EntradaInvalida`,
    campo `arquivo`, e a transação inteira se desfaz) e devolve o resumo do procurador."""
    pr = s.execute(select(Procurador).where(Procurador.ato_id == ato_id)).scalar_one_or_none()
    if pr is None:
        return None
    if anexo_id is None:
        raise EntradaInvalida(
            "anexe o instrumento de procuração específico (PDF ou imagem) ao constituir o "
            "procurador",
            campo="arquivo",
            regra=comunicacao().procurador.fundamento,
        )
    return _resumos(s, [pr])[0]


def do_processo(s: Session, processo_id: int) -> list[Procurador]:
    return list(
        s.execute(
            select(Procurador).where(Procurador.processo_id == processo_id).order_by(Procurador.id)
        ).scalars()
    )


def resumos(s: Session, processo_id: int) -> list[dict[str, Any]]:
    """Os procuradores do processo, na ordem em que foram constituídos, com o instrumento."""
    return _resumos(s, do_processo(s, processo_id))


def _resumos(s: Session, lista: list[Procurador]) -> list[dict[str, Any]]:
    if not lista:
        return []
    atos = {pr.ato_id for pr in lista}
    seqs = dict(s.execute(select(Ato.id, Ato.seq).where(Ato.id.in_(atos))).tuples().all())
    instrumentos: dict[int, dict[str, Any]] = {}
    for doc_id, ato_id, nome, sha in s.execute(
        select(
            DocumentoAnexo.id,
            DocumentoAnexo.ato_id,
            DocumentoAnexo.nome_arquivo,
            DocumentoAnexo.sha256,
        )
        .where(DocumentoAnexo.ato_id.in_(atos))
        .order_by(DocumentoAnexo.id)
    ):
        instrumentos.setdefault(ato_id, {"id": doc_id, "nome_arquivo": nome, "sha256": sha})
    fundamento = comunicacao().procurador.fundamento
    return [
        {
            "id": pr.id,
            "nome": pr.nome,
            "cpf": formatar_documento(pr.cpf),
            "oab": pr.oab,
            "email": pr.email,
            "endereco": pr.endereco,
            "constituido_em": pr.constituido_em.isoformat(),
            "ato_id": pr.ato_id,
            "ato_seq": seqs.get(pr.ato_id),
            "instrumento": instrumentos.get(pr.ato_id),
            "fundamento": fundamento,
        }
        for pr in lista
    ]
