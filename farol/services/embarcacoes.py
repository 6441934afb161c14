"""O cadastro de uma embarcação pela inscrição (a nova inspeção confere o que já se sabe dela).

O cadastro de embarcações é nacional (a embarcação navega de uma jurisdição a outra): a
embarcação da inscrição aparece para qualquer usuário, de qualquer OM. O proprietário é dado
pessoal: só os papéis com a permissão `ve_dados_pessoais` (normas/dados/papeis.yaml) o recebem,
e cada leitura fica no registro de acesso a dados pessoais (`acessos`, consulta
`embarcacao_por_inscricao`), com o usuário, o papel e a OM de quem leu: o auditor da
jurisdição dele a vê. Sem a permissão, a embarcação vem sem o proprietário.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.domain.cpf_cnpj import formatar_documento
from farol.domain.papeis import VE_DADOS_PESSOAIS, pode
from farol.erros import EntradaInvalida
from farol.services import acessos
from farol.services.jurisdicao import Ator
from farol.services.resultados.cadastro_da_inspecao import (
    EmbarcacaoCadastrada,
    ProprietarioCadastrado,
)
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import Embarcacao, Pessoa

INSCRICAO_MINIMA = 3
INSCRICAO_MAXIMA = 30  # a mesma de DadosEmbarcacao.inscricao


@caso_de_uso(escrita=True)
def por_inscricao(s: Session, ator: Ator, inscricao: str) -> list[EmbarcacaoCadastrada]:
    """A embarcação cadastrada com a inscrição (sem distinguir maiúsculas), ou lista vazia."""
    inscricao = inscricao.strip().upper()
    if not INSCRICAO_MINIMA <= len(inscricao) <= INSCRICAO_MAXIMA:
        raise EntradaInvalida(
            f"a inscrição tem de {INSCRICAO_MINIMA} a {INSCRICAO_MAXIMA} caracteres",
            campo="inscricao",
        )
    linha = s.execute(
        select(Embarcacao, Pessoa)
        .join(Pessoa, Pessoa.id == Embarcacao.proprietario_id)
        .where(Embarcacao.inscricao == inscricao)
    ).first()
    if linha is None:
        return []
    emb, dono = linha
    proprietario = None
    if pode(ator.papel, VE_DADOS_PESSOAIS):
        acessos.registrar_leitura(s, ator, dono.documento, dono.id, acessos.CONSULTA_EMBARCACAO)
        proprietario = ProprietarioCadastrado(
            documento=formatar_documento(dono.documento), nome=dono.nome
        )
    return [
        EmbarcacaoCadastrada(
            inscricao=emb.inscricao,
            nome=emb.nome,
            tipo=emb.tipo,
            propulsao=emb.propulsao,
            comprimento=emb.comprimento,
            estrangeira=emb.estrangeira,
            proprietario=proprietario,
        )
    ]
