"""Correção do cadastro de pessoas e embarcações, com o histórico de cada mudança (issue 15,
item 11).

Quem corrige: os papéis com a permissão `corrige_cadastro` (normas/dados/papeis.yaml; LGPD
art. 18, III: "correção de dados incompletos, inexatos ou desatualizados"). O quê: a pessoa ou
a embarcação que consta de uma inspeção ou de um processo da jurisdição do usuário; fora dela,
responde como inexistente (404), como o processo. Outros papéis da jurisdição leem o cadastro e
o histórico, mas não corrigem (403).

Regras da correção:
- o CPF/CNPJ e a inscrição não se corrigem: um documento errado é outra pessoa (e uma
  inscrição errada, outra embarcação); se vierem no pedido, têm de ser os atuais;
- o nome não fica em branco; o endereço (para onde vai o AR) também não; e-mail e telefone se
  apagam enviando vazio; na embarcação, tipo, propulsão e comprimento vazios voltam a "não
  informado", e o comprimento informado é maior que zero e até `entrada.COMPRIMENTO_MAXIMO`;
- o motivo é obrigatório e vai, com quem corrigiu (usuário, papel, OM) e quando, em cada linha
  do histórico (`alteracao_cadastral`, só INSERT), com o valor anterior e o novo;
- a `versao` lida vai no pedido: se o cadastro mudou desde então, 409 (trava otimista).

Os atos do processo e os documentos já emitidos ficam como estavam (o PDF guardado é o que se
baixa de novo); os documentos emitidos depois da correção saem com os dados novos.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, Final

from pydantic import Field, field_validator
from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from farol import entrada
from farol.domain.cpf_cnpj import formatar_documento, so_digitos
from farol.domain.papeis import (
    CORRIGE_CADASTRO,
    fundamento_da_permissao,
    nome_do_papel,
    pode,
    quem_tem,
)
from farol.erros import Conflito, EntradaInvalida, NaoEncontrado, Proibido
from farol.formatos import numero
from farol.relogio import agora
from farol.services import texto_de_busca as texto_de_busca  # os eventos da sessão
from farol.services.comandos import Modelo
from farol.services.jurisdicao import Ator
from farol.services.resultados.cadastro import (
    AlteracaoRegistrada,
    AutorDaAlteracao,
    EmbarcacaoCorrigida,
    EmbarcacaoNoCadastro,
    PessoaCorrigida,
    PessoaNoCadastro,
    PessoaResumida,
    ProcessoDoCadastro,
)
from farol.services.unit_of_work import caso_de_uso
from farol.store.orm import (
    OM,
    AlteracaoCadastral,
    Custodia,
    Embarcacao,
    Inspecao,
    Notificacao,
    Pessoa,
    Processo,
    Usuario,
)

__all__ = [
    "CorrecaoDeEmbarcacao",
    "CorrecaoDePessoa",
    "corrigir_embarcacao",
    "corrigir_pessoa",
    "historico_da_embarcacao",
    "historico_da_pessoa",
    "ler_embarcacao",
    "ler_pessoa",
    "pagina_da_embarcacao",
    "pagina_da_pessoa",
]

PESSOA: Final = "pessoa"
EMBARCACAO: Final = "embarcacao"  # os valores de alteracao_cadastral.entidade

MOTIVO_MINIMO = 10
"""Caracteres do motivo da correção: uma palavra solta não explica a mudança."""
ENDERECO_MINIMO = 10
"""Caracteres do endereço: logradouro, número, município e UF não cabem em menos."""
LIMITE_PROCESSOS = 50
"""Processos listados na página da pessoa ou da embarcação (os mais recentes)."""

ROTULOS: Final = {
    "nome": "Nome",
    "endereco": "Endereço",
    "email": "E-mail",
    "telefone": "Telefone",
    "tipo": "Tipo",
    "propulsao": "Propulsão",
    "comprimento": "Comprimento (m)",
    "estrangeira": "Bandeira estrangeira",
}
CAMPOS_PESSOA: Final = ("nome", "endereco", "email", "telefone")
CAMPOS_EMBARCACAO: Final = ("nome", "tipo", "propulsao", "comprimento", "estrangeira")

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_TELEFONE = re.compile(r"^[\d\s()+.\-]+$")


# --- os pedidos ------------------------------------------------------------------------------


def _vazio_e_nulo(valor: Any) -> Any:
    return None if isinstance(valor, str) and not valor.strip() else valor


class _Correcao(Modelo):
    versao: int = Field(
        ge=1,
        le=entrada.ID_MAXIMO,
        description="a versão do cadastro que o usuário leu (trava otimista: 409 se mudou)",
    )
    motivo: str = Field(
        max_length=entrada.TEXTO,
        description=f"por que corrigir (pelo menos {MOTIVO_MINIMO} caracteres): vai ao histórico",
    )

    @field_validator("motivo")
    @classmethod
    def _motivo(cls, motivo: str) -> str:
        if len(motivo) < MOTIVO_MINIMO:
            raise ValueError(
                f"diga o motivo da correção (pelo menos {MOTIVO_MINIMO} caracteres): ele fica "
                "no histórico, com o seu nome"
            )
        return motivo


class CorrecaoDePessoa(_Correcao):
    """PATCH /pessoas/{id}: só os campos enviados mudam; e-mail e telefone vazios se apagam."""

    documento: str | None = Field(
        default=None,
        max_length=entrada.CODIGO,
        description="não se corrige: se vier, tem de ser o CPF/CNPJ atual",
    )
    nome: str | None = Field(default=None, max_length=entrada.TEXTO_CURTO)
    endereco: str | None = Field(
        default=None, max_length=500, description="para onde vai a comunicação por via postal (AR)"
    )
    email: str | None = Field(default=None, max_length=entrada.TEXTO_CURTO)
    telefone: str | None = Field(default=None, max_length=30)

    @field_validator("nome")
    @classmethod
    def _nome(cls, nome: str | None) -> str:
        if not nome:
            raise ValueError("o nome não pode ficar em branco")
        if len(nome) < 2:
            raise ValueError("nome curto demais: pelo menos 2 caracteres")
        return nome

    @field_validator("endereco", mode="before")
    @classmethod
    def _endereco_vazio(cls, endereco: Any) -> Any:
        return _vazio_e_nulo(endereco)

    @field_validator("endereco")
    @classmethod
    def _endereco(cls, endereco: str | None) -> str | None:
        if endereco is not None and len(endereco) < ENDERECO_MINIMO:
            raise ValueError(
                "endereço incompleto: informe logradouro, número, bairro, município e UF "
                f"(pelo menos {ENDERECO_MINIMO} caracteres)"
            )
        return endereco

    @field_validator("email", mode="before")
    @classmethod
    def _email_vazio(cls, email: Any) -> Any:
        return _vazio_e_nulo(email)

    @field_validator("email")
    @classmethod
    def _email(cls, email: str | None) -> str | None:
        if email is not None and not _EMAIL.match(email):
            raise ValueError("e-mail inválido: use o formato nome@provedor.com.br")
        return email

    @field_validator("telefone", mode="before")
    @classmethod
    def _telefone_vazio(cls, telefone: Any) -> Any:
        return _vazio_e_nulo(telefone)

    @field_validator("telefone")
    @classmethod
    def _telefone(cls, telefone: str | None) -> str | None:
        if telefone is not None and (
            not _TELEFONE.match(telefone) or not 8 <= sum(c.isdigit() for c in telefone) <= 15
        ):
            raise ValueError("telefone inválido: de 8 a 15 dígitos, com DDD (ex.: (48) 3222-1234)")
        return telefone


class CorrecaoDeEmbarcacao(_Correcao):
    """PATCH /embarcacoes/{id}: só os campos enviados mudam; tipo, propulsão e comprimento
    vazios voltam a "não informado"."""

    inscricao: str | None = Field(
        default=None,
        max_length=entrada.CODIGO,
        description="não se corrige: se vier, tem de ser a inscrição atual",
    )
    nome: str | None = Field(default=None, max_length=entrada.TEXTO_CURTO)
    tipo: str | None = Field(default=None, max_length=60)
    propulsao: str | None = Field(default=None, max_length=30)
    comprimento: Decimal | None = Field(
        default=None, description=f"em metros, até {entrada.COMPRIMENTO_MAXIMO}, duas casas"
    )
    estrangeira: bool | None = None

    @field_validator("nome")
    @classmethod
    def _nome(cls, nome: str | None) -> str:
        if not nome:
            raise ValueError("o nome da embarcação não pode ficar em branco")
        return nome

    @field_validator("tipo", "propulsao", "comprimento", mode="before")
    @classmethod
    def _nao_informado(cls, valor: Any) -> Any:
        return _vazio_e_nulo(valor)

    @field_validator("comprimento")
    @classmethod
    def _comprimento(cls, comprimento: Decimal | None) -> Decimal | None:
        if comprimento is None:
            return None
        if not comprimento.is_finite() or comprimento <= 0:
            raise ValueError("o comprimento é em metros e maior que zero")
        if comprimento > entrada.COMPRIMENTO_MAXIMO:
            raise ValueError(
                f"comprimento acima de {numero(entrada.COMPRIMENTO_MAXIMO)} m: confira a unidade "
                "(metros)"
            )
        if comprimento != comprimento.quantize(Decimal("0.01")):
            raise ValueError("o comprimento tem no máximo duas casas decimais (centímetros)")
        return comprimento.quantize(Decimal("0.01"))

    @field_validator("estrangeira")
    @classmethod
    def _estrangeira(cls, estrangeira: bool | None) -> bool:
        if estrangeira is None:
            raise ValueError("informe se a embarcação é de bandeira estrangeira (sim ou não)")
        return estrangeira


# --- jurisdição ------------------------------------------------------------------------------


def _processos_da_pessoa(pessoa_id: int) -> Any:
    da_inspecao = select(Inspecao.id).where(
        or_(Inspecao.proprietario_id == pessoa_id, Inspecao.condutor_id == pessoa_id)
    )
    return or_(Processo.autuado_id == pessoa_id, Processo.inspecao_id.in_(da_inspecao))


def _processos_da_embarcacao(embarcacao_id: int) -> Any:
    da_inspecao = select(Inspecao.id).where(Inspecao.embarcacao_id == embarcacao_id)
    return or_(Processo.embarcacao_id == embarcacao_id, Processo.inspecao_id.in_(da_inspecao))


def _oms_da_pessoa(s: Session, pessoa_id: int) -> set[int]:
    """As OMs das inspeções e dos processos em que a pessoa consta."""
    oms = set(s.execute(select(Processo.om_id).where(_processos_da_pessoa(pessoa_id))).scalars())
    oms |= set(
        s.execute(
            select(Inspecao.om_id).where(
                or_(
                    Inspecao.proprietario_id == pessoa_id,
                    Inspecao.condutor_id == pessoa_id,
                    Inspecao.id.in_(
                        select(Notificacao.inspecao_id).where(Notificacao.pessoa_id == pessoa_id)
                    ),
                )
            )
        ).scalars()
    )
    return oms


def _oms_da_embarcacao(s: Session, embarcacao_id: int) -> set[int]:
    """As OMs das inspeções, dos processos e das custódias em que a embarcação consta."""
    oms = set(
        s.execute(select(Processo.om_id).where(_processos_da_embarcacao(embarcacao_id))).scalars()
    )
    oms |= set(
        s.execute(select(Inspecao.om_id).where(Inspecao.embarcacao_id == embarcacao_id)).scalars()
    )
    oms |= set(
        s.execute(select(Custodia.om_id).where(Custodia.embarcacao_id == embarcacao_id)).scalars()
    )
    return oms


def _pessoa(s: Session, ator: Ator, pessoa_id: int) -> Pessoa:
    """A pessoa, se existe e consta de inspeção ou processo da jurisdição; senão 404."""
    p = s.get(Pessoa, pessoa_id)
    if p is None or not _oms_da_pessoa(s, p.id) & ator.oms:
        raise NaoEncontrado("pessoa não encontrada", campo="id")
    return p


def _embarcacao(s: Session, ator: Ator, embarcacao_id: int) -> Embarcacao:
    """A embarcação, se existe e consta de inspeção ou processo da jurisdição; senão 404."""
    e = s.get(Embarcacao, embarcacao_id)
    if e is None or not _oms_da_embarcacao(s, e.id) & ator.oms:
        raise NaoEncontrado("embarcação não encontrada", campo="id")
    return e


def exigir_permissao(ator: Ator) -> None:
    if not pode(ator.papel, CORRIGE_CADASTRO):
        raise Proibido(
            f"o papel {nome_do_papel(ator.papel)} não corrige o cadastro de pessoas e "
            f"embarcações; peça a quem o corrige na sua OM ({quem_tem(CORRIGE_CADASTRO)})",
            campo="papel",
            regra=fundamento_da_permissao(CORRIGE_CADASTRO),
        )


def _processos(s: Session, ator: Ator, condicao: Any) -> list[ProcessoDoCadastro]:
    linhas = s.execute(
        select(Processo.id, Processo.numero, OM.sigla)
        .join(OM, OM.id == Processo.om_id)
        .where(condicao, Processo.om_id.in_(ator.oms))
        .order_by(Processo.id.desc())
        .limit(LIMITE_PROCESSOS)
    ).all()
    return [ProcessoDoCadastro(id=i, numero=n, om=sigla) for i, n, sigla in linhas]


# --- leitura ---------------------------------------------------------------------------------


def _vista_pessoa(s: Session, ator: Ator, p: Pessoa) -> PessoaNoCadastro:
    return PessoaNoCadastro(
        id=p.id,
        documento=formatar_documento(p.documento),
        tipo=p.tipo,
        nome=p.nome,
        endereco=p.endereco,
        email=p.email,
        telefone=p.telefone,
        versao=p.versao,
        pode_corrigir=pode(ator.papel, CORRIGE_CADASTRO),
        processos=_processos(s, ator, _processos_da_pessoa(p.id)),
    )


def _vista_embarcacao(s: Session, ator: Ator, e: Embarcacao) -> EmbarcacaoNoCadastro:
    dono = s.get(Pessoa, e.proprietario_id)
    assert dono is not None
    return EmbarcacaoNoCadastro(
        id=e.id,
        inscricao=e.inscricao,
        nome=e.nome,
        tipo=e.tipo,
        propulsao=e.propulsao,
        comprimento=e.comprimento,
        estrangeira=e.estrangeira,
        proprietario=PessoaResumida(
            id=dono.id, nome=dono.nome, documento=formatar_documento(dono.documento)
        ),
        versao=e.versao,
        pode_corrigir=pode(ator.papel, CORRIGE_CADASTRO),
        processos=_processos(s, ator, _processos_da_embarcacao(e.id)),
    )


@caso_de_uso()
def ler_pessoa(s: Session, ator: Ator, pessoa_id: int) -> PessoaNoCadastro:
    return _vista_pessoa(s, ator, _pessoa(s, ator, pessoa_id))


@caso_de_uso()
def pagina_da_pessoa(
    s: Session, ator: Ator, pessoa_id: int
) -> tuple[PessoaNoCadastro, list[AlteracaoRegistrada]]:
    """A pessoa e o histórico das alterações, numa leitura (a página da pessoa)."""
    p = _pessoa(s, ator, pessoa_id)
    return _vista_pessoa(s, ator, p), _historico(s, PESSOA, p.id)


@caso_de_uso()
def pagina_da_embarcacao(
    s: Session, ator: Ator, embarcacao_id: int
) -> tuple[EmbarcacaoNoCadastro, list[AlteracaoRegistrada]]:
    """A embarcação e o histórico das alterações, numa leitura (a página da embarcação)."""
    e = _embarcacao(s, ator, embarcacao_id)
    return _vista_embarcacao(s, ator, e), _historico(s, EMBARCACAO, e.id)


@caso_de_uso()
def ler_embarcacao(s: Session, ator: Ator, embarcacao_id: int) -> EmbarcacaoNoCadastro:
    return _vista_embarcacao(s, ator, _embarcacao(s, ator, embarcacao_id))


def _historico(
    s: Session, entidade: str, entidade_id: int, versao: int | None = None
) -> list[AlteracaoRegistrada]:
    q = (
        select(AlteracaoCadastral, Usuario.login, Usuario.nome, OM.sigla)
        .join(Usuario, Usuario.id == AlteracaoCadastral.usuario_id)
        .join(OM, OM.id == AlteracaoCadastral.om_id)
        .where(
            AlteracaoCadastral.entidade == entidade, AlteracaoCadastral.entidade_id == entidade_id
        )
        .order_by(AlteracaoCadastral.versao.desc(), AlteracaoCadastral.id)
    )
    if versao is not None:
        q = q.where(AlteracaoCadastral.versao == versao)
    return [
        AlteracaoRegistrada(
            id=a.id,
            versao=a.versao,
            campo=a.campo,
            rotulo=ROTULOS.get(a.campo, a.campo),
            valor_anterior=a.valor_anterior,
            valor_novo=a.valor_novo,
            motivo=a.motivo,
            por=AutorDaAlteracao(login=login, nome=nome, papel=a.papel, om=sigla),
            registrado_em=a.registrado_em,
        )
        for a, login, nome, sigla in s.execute(q).all()
    ]


@caso_de_uso()
def historico_da_pessoa(s: Session, ator: Ator, pessoa_id: int) -> list[AlteracaoRegistrada]:
    """As alterações do cadastro da pessoa, das mais recentes às mais antigas."""
    return _historico(s, PESSOA, _pessoa(s, ator, pessoa_id).id)


@caso_de_uso()
def historico_da_embarcacao(
    s: Session, ator: Ator, embarcacao_id: int
) -> list[AlteracaoRegistrada]:
    """As alterações do cadastro da embarcação, das mais recentes às mais antigas."""
    return _historico(s, EMBARCACAO, _embarcacao(s, ator, embarcacao_id).id)


# --- correção --------------------------------------------------------------------------------


def _texto(valor: Any) -> str | None:
    """O valor como o histórico o guarda: nulo (não informado), sim/não, metros com 2 casas."""
    if valor is None:
        return None
    if isinstance(valor, bool):
        return "sim" if valor else "não"
    if isinstance(valor, Decimal):
        return f"{valor.quantize(Decimal('0.01'))}"
    return str(valor)


def _exigir_versao(lida: int, atual: int) -> None:
    if lida != atual:
        raise Conflito(
            f"o cadastro mudou desde que foi lido (versão {lida}, atual {atual}); recarregue e "
            "confira antes de corrigir",
            campo="versao",
        )


def _exigir_endereco(p: Pessoa, cmd: CorrecaoDePessoa) -> None:
    """O endereço informado não se apaga: é para ele que vai a comunicação por via postal."""
    if "endereco" in cmd.model_fields_set and cmd.endereco is None and p.endereco is not None:
        raise EntradaInvalida(
            "o endereço não pode ficar em branco: é para ele que vai a comunicação por via "
            "postal (AR); corrija-o em vez de apagá-lo",
            campo="endereco",
        )


def _aplicar(
    s: Session,
    ator: Ator,
    registro: Pessoa | Embarcacao,
    entidade: str,
    campos: tuple[str, ...],
    cmd: _Correcao,
) -> int:
    """Muda no registro os campos enviados que diferem do atual e grava uma linha do histórico
    para cada um; devolve a versão nova. Nada a mudar: 422."""
    mudancas = [
        (campo, getattr(registro, campo), getattr(cmd, campo))
        for campo in campos
        if campo in cmd.model_fields_set and getattr(cmd, campo) != getattr(registro, campo)
    ]
    if not mudancas:
        raise EntradaInvalida(
            "nada a corrigir: os valores enviados são os que já estão no cadastro"
        )
    for campo, _, novo in mudancas:
        setattr(registro, campo, novo)
    s.flush()  # a trava otimista sobe a versão (UPDATE ... WHERE versao = a lida)
    instante = agora()
    for campo, anterior, novo in mudancas:
        s.add(
            AlteracaoCadastral(
                entidade=entidade,
                entidade_id=registro.id,
                versao=registro.versao,
                campo=campo,
                valor_anterior=_texto(anterior),
                valor_novo=_texto(novo),
                motivo=cmd.motivo,
                usuario_id=ator.usuario_id,
                papel=ator.papel,
                om_id=ator.om_id,
                registrado_em=instante,
            )
        )
    s.flush()
    return registro.versao


@caso_de_uso(escrita=True)
def corrigir_pessoa(
    s: Session, ator: Ator, pessoa_id: int, cmd: CorrecaoDePessoa
) -> PessoaCorrigida:
    p = _pessoa(s, ator, pessoa_id)
    exigir_permissao(ator)
    if cmd.documento is not None and so_digitos(cmd.documento) != p.documento:
        raise EntradaInvalida(
            "o CPF/CNPJ não se corrige: um documento errado é outra pessoa; registre a "
            "inspeção ou o ato com a pessoa certa",
            campo="documento",
        )
    _exigir_versao(cmd.versao, p.versao)
    _exigir_endereco(p, cmd)
    versao = _aplicar(s, ator, p, PESSOA, CAMPOS_PESSOA, cmd)
    return PessoaCorrigida(
        pessoa=_vista_pessoa(s, ator, p), alteracoes=_historico(s, PESSOA, p.id, versao)
    )


@caso_de_uso(escrita=True)
def corrigir_embarcacao(
    s: Session, ator: Ator, embarcacao_id: int, cmd: CorrecaoDeEmbarcacao
) -> EmbarcacaoCorrigida:
    e = _embarcacao(s, ator, embarcacao_id)
    exigir_permissao(ator)
    if cmd.inscricao is not None and cmd.inscricao.strip().upper() != e.inscricao:
        raise EntradaInvalida(
            "a inscrição não se corrige: uma inscrição errada é outra embarcação; registre a "
            "inspeção ou o ato com a embarcação certa",
            campo="inscricao",
        )
    _exigir_versao(cmd.versao, e.versao)
    versao = _aplicar(s, ator, e, EMBARCACAO, CAMPOS_EMBARCACAO, cmd)
    return EmbarcacaoCorrigida(
        embarcacao=_vista_embarcacao(s, ator, e),
        alteracoes=_historico(s, EMBARCACAO, e.id, versao),
    )
