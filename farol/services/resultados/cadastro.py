"""O cadastro de pessoas e embarcações como os casos de uso de `farol.services.cadastro` o
devolvem: o registro corrente (com a versão da trava otimista), o histórico de alterações e a
resposta de uma correção."""

from __future__ import annotations

from decimal import Decimal

from pydantic import Field

from farol.services.resultados.base import Instante, Resultado


class ProcessoDoCadastro(Resultado):
    """Um processo da jurisdição do usuário em que a pessoa ou a embarcação consta."""

    id: int
    numero: str
    om: str = Field(description="sigla da OM do processo")


class PessoaResumida(Resultado):
    id: int
    nome: str
    documento: str = Field(description="CPF ou CNPJ formatado")


class PessoaNoCadastro(Resultado):
    """A pessoa como está no cadastro agora (os documentos emitidos daqui em diante a usam)."""

    id: int
    documento: str = Field(description="CPF ou CNPJ formatado; não se corrige")
    tipo: str = Field(description="fisica ou juridica")
    nome: str
    endereco: str | None = Field(description="para onde vai a comunicação por via postal (AR)")
    email: str | None
    telefone: str | None
    versao: int = Field(description="versão do cadastro: a correção envia a que leu (409 se mudou)")
    pode_corrigir: bool = Field(description="se o papel do usuário corrige o cadastro")
    processos: list[ProcessoDoCadastro] = Field(
        description="processos da jurisdição do usuário em que a pessoa consta"
    )


class EmbarcacaoNoCadastro(Resultado):
    """A embarcação como está no cadastro agora; nulo: não informado."""

    id: int
    inscricao: str = Field(description="não se corrige")
    nome: str
    tipo: str | None
    propulsao: str | None
    comprimento: Decimal | None = Field(description="em metros, duas casas")
    estrangeira: bool
    proprietario: PessoaResumida
    versao: int = Field(description="versão do cadastro: a correção envia a que leu (409 se mudou)")
    pode_corrigir: bool = Field(description="se o papel do usuário corrige o cadastro")
    processos: list[ProcessoDoCadastro] = Field(
        description="processos da jurisdição do usuário em que a embarcação consta"
    )


class AutorDaAlteracao(Resultado):
    login: str
    nome: str
    papel: str = Field(description="papel no momento da correção")
    om: str = Field(description="sigla da OM de quem corrigiu")


class AlteracaoRegistrada(Resultado):
    """Um campo mudado numa correção; os campos da mesma correção têm a mesma `versao`."""

    id: int
    versao: int = Field(description="versão do cadastro depois da correção")
    campo: str
    rotulo: str = Field(description="o nome do campo como a pessoa lê")
    valor_anterior: str | None = Field(description="nulo: não informado")
    valor_novo: str | None = Field(description="nulo: não informado")
    motivo: str
    por: AutorDaAlteracao
    registrado_em: Instante = Field(description="quando (UTC)")


class PessoaCorrigida(Resultado):
    pessoa: PessoaNoCadastro
    alteracoes: list[AlteracaoRegistrada] = Field(description="os campos mudados nesta correção")


class EmbarcacaoCorrigida(Resultado):
    embarcacao: EmbarcacaoNoCadastro
    alteracoes: list[AlteracaoRegistrada] = Field(description="os campos mudados nesta correção")
