"""Registro de acesso a dados pessoais (LGPD art. 37: "O controlador e o operador devem
manter registro das operações de tratamento de dados pessoais que realizarem").

Cada leitura dos dados completos de uma pessoa (a situação por CPF/CNPJ com o nome e os
débitos em todas as OMs, e o proprietário da embarcação de uma inscrição, que só os papéis com
a permissão `ve_dados_pessoais` veem) grava,
na mesma transação da leitura, quem leu, com que papel e de que OM, quando, de que documento
e por qual consulta. O auditor (permissão `audita_acessos`, normas/dados/papeis.yaml) lê o
registro dos usuários da sua jurisdição; os outros papéis recebem 403. Daqui só se acrescentam
linhas: nenhuma função altera ou apaga o registro.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.domain.cpf_cnpj import formatar_documento, validar_documento
from farol.domain.papeis import (
    AUDITA_ACESSOS,
    fundamento_da_permissao,
    nome_do_papel,
    pode,
    quem_tem,
)
from farol.erros import EntradaInvalida, Proibido
from farol.relogio import agora, fuso
from farol.services.jurisdicao import Ator
from farol.services.resultados.acessos import AcessoRegistrado
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import OM, AcessoDadoPessoal, Usuario

__all__ = [
    "CONSULTA_BUSCA",
    "CONSULTA_DIVERGENCIA",
    "CONSULTA_EMBARCACAO",
    "CONSULTA_SITUACAO",
    "AcessoRegistrado",
    "exigir_auditor",
    "listar",
    "registrar_leitura",
]

CONSULTA_SITUACAO = "situacao"
"""A consulta da situação de uma pessoa (GET /api/v1/situacao/{documento})."""
CONSULTA_BUSCA = "busca_de_embarcacao"
"""O proprietário de cada embarcação sugerida pela busca da nova inspeção
(GET /inspecoes/embarcacoes?q=)."""
CONSULTA_DIVERGENCIA = "divergencia_do_cadastro"
"""O cadastro da pessoa mostrado ao lado do digitado diferente dele, ao abrir a inspeção, a
custódia ou o procedimento (`divergencias.da_pessoa_lida`): o nome, o endereço, o e-mail e o
telefone gravados, qualquer que seja a OM de quem os gravou."""
CONSULTA_EMBARCACAO = "embarcacao_por_inscricao"
"""O proprietário da embarcação de uma inscrição (GET /api/v1/embarcacoes?inscricao=, e a nova
inspeção ao sair do campo da inscrição)."""


def registrar_leitura(
    s: Session, ator: Ator, documento: str, pessoa_id: int | None, consulta: str
) -> None:
    """Grava a leitura dos dados completos da pessoa de `documento` (só dígitos)."""
    s.add(
        AcessoDadoPessoal(
            registrado_em=agora(),
            usuario_id=ator.usuario_id,
            papel=ator.papel,
            om_id=ator.om_id,
            documento=documento,
            pessoa_id=pessoa_id,
            consulta=consulta,
        )
    )


def exigir_auditor(ator: Ator) -> None:
    if not pode(ator.papel, AUDITA_ACESSOS):
        raise Proibido(
            f"o registro de acesso a dados pessoais é consultado por {quem_tem(AUDITA_ACESSOS)}; "
            f"o papel {nome_do_papel(ator.papel)} não o consulta",
            campo="papel",
            regra=fundamento_da_permissao(AUDITA_ACESSOS),
        )


def _inicio_do_dia(dia: dt.date) -> dt.datetime:
    return dt.datetime.combine(dia, dt.time(), tzinfo=fuso())


@caso_de_uso()
def listar(
    s: Session,
    ator: Ator,
    *,
    documento: str | None = None,
    de: dt.date | None = None,
    ate: dt.date | None = None,
    limite: int = 100,
) -> list[AcessoRegistrado]:
    """As leituras feitas por usuários da jurisdição do auditor, das mais recentes às mais
    antigas; filtros: o documento da pessoa e o período (dias no fuso do Farol)."""
    exigir_auditor(ator)
    if de is not None and ate is not None and ate < de:
        raise EntradaInvalida("o fim do período é anterior ao início", campo="ate")
    consulta = (
        select(AcessoDadoPessoal, Usuario.login, Usuario.nome, OM.sigla)
        .join(Usuario, Usuario.id == AcessoDadoPessoal.usuario_id)
        .join(OM, OM.id == AcessoDadoPessoal.om_id)
        .where(AcessoDadoPessoal.om_id.in_(ator.oms))
        .order_by(AcessoDadoPessoal.registrado_em.desc(), AcessoDadoPessoal.id.desc())
        .limit(limite)
    )
    if documento:
        consulta = consulta.where(AcessoDadoPessoal.documento == validar_documento(documento))
    if de is not None:
        consulta = consulta.where(AcessoDadoPessoal.registrado_em >= _inicio_do_dia(de))
    if ate is not None:
        fim = _inicio_do_dia(ate + dt.timedelta(days=1))
        consulta = consulta.where(AcessoDadoPessoal.registrado_em < fim)
    return [
        AcessoRegistrado(
            id=a.id,
            registrado_em=a.registrado_em,
            login=login,
            nome=nome,
            papel=a.papel,
            om=sigla,
            documento=formatar_documento(a.documento),
            pessoa_cadastrada=a.pessoa_id is not None,
            consulta=a.consulta,
        )
        for a, login, nome, sigla in s.execute(consulta).all()
    ]
