"""Cadastro de pessoas e embarcações: leitura, correção (PATCH, com o motivo e a versão lida) e
o histórico de cada mudança. Fora da jurisdição, 404; papel sem `corrige_cadastro`, 403;
versão desatualizada, 409; campo inválido, 422 com o campo e a regra."""

from __future__ import annotations

from fastapi import APIRouter

from farol.api.deps import AtorAtual, RotaDaApi
from farol.http.deps import UowDep
from farol.http.erros import respostas
from farol.http.parametros import IdNoCaminho
from farol.services import cadastro
from farol.services.cadastro import CorrecaoDeEmbarcacao, CorrecaoDePessoa
from farol.services.resultados.cadastro import (
    AlteracaoRegistrada,
    EmbarcacaoCorrigida,
    EmbarcacaoNoCadastro,
    PessoaCorrigida,
    PessoaNoCadastro,
)

rotas = APIRouter(tags=["cadastro"], route_class=RotaDaApi)


@rotas.get("/pessoas/{pessoa_id}", response_model=PessoaNoCadastro)
def ler_pessoa(pessoa_id: IdNoCaminho, ator: AtorAtual, uow: UowDep) -> PessoaNoCadastro:
    """A pessoa como está no cadastro (com a `versao` que a correção envia) e os processos da
    jurisdição em que ela consta."""
    return cadastro.ler_pessoa(uow, ator, pessoa_id)


@rotas.patch("/pessoas/{pessoa_id}", response_model=PessoaCorrigida, responses=respostas(403, 409))
def corrigir_pessoa(
    pessoa_id: IdNoCaminho, cmd: CorrecaoDePessoa, ator: AtorAtual, uow: UowDep
) -> PessoaCorrigida:
    """Corrige nome, endereço (para o AR), e-mail ou telefone; só os campos enviados mudam. O
    CPF/CNPJ não se corrige. Os documentos já emitidos ficam como estavam."""
    return cadastro.corrigir_pessoa(uow, ator, pessoa_id, cmd)


@rotas.get("/pessoas/{pessoa_id}/historico", response_model=list[AlteracaoRegistrada])
def historico_da_pessoa(
    pessoa_id: IdNoCaminho, ator: AtorAtual, uow: UowDep
) -> list[AlteracaoRegistrada]:
    """Cada campo corrigido: o valor anterior e o novo, o motivo, quem e quando."""
    return cadastro.historico_da_pessoa(uow, ator, pessoa_id)


@rotas.get("/embarcacoes/{embarcacao_id}", response_model=EmbarcacaoNoCadastro)
def ler_embarcacao(
    embarcacao_id: IdNoCaminho, ator: AtorAtual, uow: UowDep
) -> EmbarcacaoNoCadastro:
    """A embarcação como está no cadastro (com a `versao` que a correção envia)."""
    return cadastro.ler_embarcacao(uow, ator, embarcacao_id)


@rotas.patch(
    "/embarcacoes/{embarcacao_id}",
    response_model=EmbarcacaoCorrigida,
    responses=respostas(403, 409),
)
def corrigir_embarcacao(
    embarcacao_id: IdNoCaminho, cmd: CorrecaoDeEmbarcacao, ator: AtorAtual, uow: UowDep
) -> EmbarcacaoCorrigida:
    """Corrige nome, tipo, propulsão, comprimento ou bandeira; só os campos enviados mudam. A
    inscrição não se corrige. Os documentos já emitidos ficam como estavam."""
    return cadastro.corrigir_embarcacao(uow, ator, embarcacao_id, cmd)


@rotas.get("/embarcacoes/{embarcacao_id}/historico", response_model=list[AlteracaoRegistrada])
def historico_da_embarcacao(
    embarcacao_id: IdNoCaminho, ator: AtorAtual, uow: UowDep
) -> list[AlteracaoRegistrada]:
    """Cada campo corrigido: o valor anterior e o novo, o motivo, quem e quando."""
    return cadastro.historico_da_embarcacao(uow, ator, embarcacao_id)
