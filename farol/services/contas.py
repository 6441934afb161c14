"""Contas: criar uma OM ou um usuário, trocar a senha, desativar e reativar um usuário.

`farol om criar` e `farol usuario criar|senha|desativar|ativar` chamam estes casos de uso. A
demonstração e a carga em massa criam com `usuarios.criar_om` e `usuarios.criar_usuario`, sem
as conferências de entrada daqui (siglas, logins, tipos e UFs escritos no código).

Senha: no mínimo 12 caracteres, numa linha só (nenhuma norma fixa a regra: é a do Farol). Só
o hash é guardado (argon2, `senhas.hash_senha`, o mesmo do login), calculado fora da transação,
como o login confere a senha: a escrita não segura o banco à espera do hash.

Revogação. O token da API e o cookie das páginas valem enquanto a sessão deles está aberta e o
usuário está ativo (`autenticacao.ator_da_sessao`, lido a cada pedido); o endereço da agenda,
enquanto não foi revogado e o usuário está ativo (`agenda.ator_do_token`). Trocar a senha (a
de uma conta comprometida, por exemplo) faz deixar de valer tudo o que a senha antiga abriu:
encerra as sessões abertas, revoga o endereço da agenda (o mesmo caminho de desativar: quem
tomou a senha pode ter copiado o endereço) e zera o contador de falhas de login da conta
(`limites.zerar_falhas_da_conta`: quem esgotou as tentativas com a senha antiga não deixa o
dono de fora com a nova). Desativar encerra as sessões e revoga o endereço da agenda. Nos dois
casos o servidor em execução recusa o token já no pedido seguinte, e reativar não ressuscita
token nenhum (o usuário entra de novo, com a senha).

Registro. Cada caso de uso daqui grava, na própria transação, quem fez o quê, quando e em que
conta (`historico_de_contas`; o autor vem da borda: na CLI, "CLI" e o usuário do sistema
operacional), com o efeito e nunca a senha. A demonstração e a carga em massa não registram.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

from pydantic import ConfigDict, Field, ValidationError, field_validator
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from farol.domain.papeis import PAPEIS
from farol.erros import EntradaInvalida
from farol.formatos import citado
from farol.relogio import agora
from farol.rules.calendario import validar_uf
from farol.services import agenda
from farol.services import historico_de_contas as historico
from farol.services.comandos import Modelo
from farol.services.historico_de_contas import Autor
from farol.services.jurisdicao import om_pela_sigla
from farol.services.limites import zerar_falhas_da_conta
from farol.services.mensagens import traduzir
from farol.services.resultados.base import Resultado
from farol.services.senhas import hash_senha
from farol.services.unit_of_work import UnitOfWork, caso_de_uso
from farol.services.usuarios import criar_om, criar_usuario, usuario_pelo_login, validar_email
from farol.store.orm import (
    ATIVACAO,
    CRIACAO_DE_OM,
    CRIACAO_DE_USUARIO,
    DESATIVACAO,
    OM,
    TIPOS_OM,
    TROCA_DE_EMAIL,
    TROCA_DE_SENHA,
    Sessao,
    Usuario,
)

M = TypeVar("M", bound=Modelo)

SIGLA = re.compile(r"^[A-Z][A-Z0-9]*$")
"""A sigla entra no número do processo (2026/CPSC/000001), que se digita de volta como se lê no
papel (`store.numeracao.numero_digitado`): letras sem acento e algarismos, começando por letra."""
LOGIN = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
"""O login se confere exatamente como gravado: minúsculas sem acento, algarismos, `.`, `_`, `-`."""


def _lista(valores: tuple[str, ...]) -> str:
    """("CP", "DL", "AG") -> "CP, DL ou AG"."""
    return f"{', '.join(valores[:-1])} ou {valores[-1]}" if len(valores) > 1 else valores[0]


def _preenchido(cls: type, valor: str) -> str:
    """Texto obrigatório: em branco (ou só espaços, que o modelo apara) é recusado."""
    if not valor:
        raise ValueError("em branco: informe um valor")
    return valor


def _sigla(valor: str) -> str:
    sigla = valor.upper()
    if not SIGLA.match(sigla):
        raise ValueError(
            f"sigla inválida: {citado(valor)} (letras sem acento e algarismos, começando por "
            "letra: ela entra no número do processo, como 2026/CPSC/000001)"
        )
    return sigla


class NovaOM(Modelo):
    """Uma OM nova; `superior` é a sigla da OM a que ela se subordina (a jurisdição da superior
    alcança a nova)."""

    sigla: str = Field(max_length=20)
    nome: str = Field(max_length=200)
    tipo: str
    uf: str
    municipio: str = Field(max_length=100)
    superior: str | None = Field(default=None, max_length=20)

    preenchidos = field_validator("sigla", "nome", "tipo", "uf", "municipio")(_preenchido)

    @field_validator("sigla", "superior")
    @classmethod
    def _siglas(cls, valor: str | None) -> str | None:
        if valor == "":  # `--superior ""`: omitir a superior é omitir a opção
            raise ValueError("em branco: informe a sigla ou omita a opção")
        return None if valor is None else _sigla(valor)

    @field_validator("tipo")
    @classmethod
    def _tipo(cls, valor: str) -> str:
        tipo = valor.upper()
        if tipo not in TIPOS_OM:
            raise ValueError(f"tipo de OM desconhecido: {citado(valor)} (use {_lista(TIPOS_OM)})")
        return tipo

    @field_validator("uf")
    @classmethod
    def _uf(cls, valor: str) -> str:
        try:
            return validar_uf(valor) or valor
        except EntradaInvalida as e:
            raise ValueError(e.mensagem) from None


class NovoUsuario(Modelo):
    """Um usuário novo, sem a senha (que chega à parte: `cadastrar_usuario`)."""

    login: str = Field(max_length=60)
    nome: str = Field(max_length=200)
    papel: str
    om: str = Field(max_length=20)
    email: str | None = None

    preenchidos = field_validator("login", "nome", "papel", "om")(_preenchido)

    @field_validator("login")
    @classmethod
    def _login(cls, valor: str) -> str:
        if not LOGIN.match(valor):
            raise ValueError(
                f"login inválido: {citado(valor)} (minúsculas sem acento, algarismos, ponto, "
                "hífen e sublinhado, sem espaço; ex.: ac.cpsc)"
            )
        return valor

    @field_validator("papel")
    @classmethod
    def _papel(cls, valor: str) -> str:
        if valor not in PAPEIS:
            raise ValueError(f"papel desconhecido: {citado(valor)} (use {_lista(PAPEIS)})")
        return valor

    @field_validator("om")
    @classmethod
    def _om(cls, valor: str) -> str:
        return _sigla(valor)

    @field_validator("email")
    @classmethod
    def _email(cls, valor: str | None) -> str | None:
        try:
            return validar_email(valor)
        except EntradaInvalida as e:
            raise ValueError(e.mensagem) from None


class NovaSenha(Modelo):
    """A senha como digitada: sem aparar espaços (o login também não os apara)."""

    model_config = ConfigDict(str_strip_whitespace=False)

    senha: str = Field(min_length=12, max_length=256, repr=False)

    @field_validator("senha")
    @classmethod
    def _uma_linha(cls, valor: str) -> str:
        if "\n" in valor or "\r" in valor:
            raise ValueError("a senha vai numa linha só, sem quebra de linha")
        return valor


def _ler(modelo: type[M], dados: dict[str, Any]) -> M:
    """O comando validado, ou `EntradaInvalida` em português no campo do primeiro erro."""
    try:
        return modelo.model_validate(dados)
    except ValidationError as e:
        erro = e.errors()[0]
        campo = ".".join(str(p) for p in erro.get("loc", ())) or None
        raise EntradaInvalida(traduzir(erro), campo=campo) from None


def ler_nova_om(dados: dict[str, Any]) -> NovaOM:
    return _ler(NovaOM, dados)


def ler_novo_usuario(dados: dict[str, Any]) -> NovoUsuario:
    return _ler(NovoUsuario, dados)


def validar_senha(senha: str) -> str:
    """A senha, se segue a regra (no mínimo 12 caracteres, numa linha só); senão
    `EntradaInvalida` no campo `senha`, com o limite e sem a senha."""
    try:
        return NovaSenha.model_validate({"senha": senha}).senha
    except ValidationError as e:
        erro = e.errors()[0]
        limites = erro.get("ctx") or {}
        if erro["type"] == "string_too_short":
            mensagem = f"senha curta demais: use no mínimo {limites['min_length']} caracteres"
        elif erro["type"] == "string_too_long":
            mensagem = f"senha longa demais: use no máximo {limites['max_length']} caracteres"
        else:
            mensagem = traduzir(erro)
        raise EntradaInvalida(mensagem, campo="senha") from None


# --- resultados -------------------------------------------------------------------------------


class OMCriada(Resultado):
    sigla: str
    nome: str
    tipo: str
    uf: str
    municipio: str
    superior: str | None


class UsuarioCriado(Resultado):
    login: str
    nome: str
    papel: str
    om: str
    email: str | None


class SenhaTrocada(Resultado):
    login: str
    sessoes_encerradas: int
    agenda_revogada: bool = False
    falhas_de_login_zeradas: bool = False


class SituacaoDoUsuario(Resultado):
    """O usuário depois de desativar ou ativar; `mudou` é falso se ele já estava assim."""

    login: str
    ativo: bool
    mudou: bool
    sessoes_encerradas: int = 0
    agenda_revogada: bool = False


# --- casos de uso -----------------------------------------------------------------------------


def _om(s: Session, sigla: str, campo: str) -> OM:
    return om_pela_sigla(s, sigla, campo)


def _encerrar_sessoes(s: Session, usuario_id: int) -> int:
    """Encerra as sessões abertas do usuário (os tokens e cookies delas deixam de valer)."""
    r = s.execute(
        update(Sessao)
        .where(Sessao.usuario_id == usuario_id, Sessao.encerrada_em.is_(None))
        .values(encerrada_em=agora())
    )
    return int(getattr(r, "rowcount", 0) or 0)


def _revogar_agenda(s: Session, usuario_id: int) -> bool:
    """Revoga o endereço ativo da agenda do usuário (o token em uso deixa de responder)."""
    return agenda.revogar_ativos(s, usuario_id) > 0


def _registrar(s: Session, acao: str, autor: Autor, u: Usuario, efeito: dict[str, Any]) -> None:
    """A mudança no usuário `u` (o alvo), com o efeito dela."""
    historico.registrar(s, acao, autor, om_id=u.om_id, usuario_id=u.id, efeito=efeito)


@caso_de_uso(escrita=True)
def cadastrar_om(s: Session, dados: NovaOM, *, autor: Autor) -> OMCriada:
    """Cria a OM e registra quem a criou; sigla repetida ou superior inexistente são
    recusadas."""
    if s.execute(select(OM.id).where(OM.sigla == dados.sigla)).first():
        raise EntradaInvalida(f"já existe a OM {citado(dados.sigla)}", campo="sigla")
    superior = _om(s, dados.superior, "superior") if dados.superior else None
    om = criar_om(
        s,
        sigla=dados.sigla,
        nome=dados.nome,
        tipo=dados.tipo,
        uf=dados.uf,
        municipio=dados.municipio,
        superior=superior,
    )
    r = OMCriada(
        sigla=om.sigla,
        nome=om.nome,
        tipo=om.tipo,
        uf=om.uf,
        municipio=om.municipio,
        superior=superior.sigla if superior else None,
    )
    historico.registrar(s, CRIACAO_DE_OM, autor, om_id=om.id, efeito=r.model_dump())
    return r


@caso_de_uso(escrita=True)
def _gravar_usuario(s: Session, dados: NovoUsuario, senha_hash: str, autor: Autor) -> UsuarioCriado:
    om = _om(s, dados.om, "om")
    u = criar_usuario(
        s,
        login=dados.login,
        nome=dados.nome,
        senha="",  # o hash já vem calculado, fora da transação
        senha_hash=senha_hash,
        papel=dados.papel,
        om=om,
        email=dados.email,
    )
    r = UsuarioCriado(login=u.login, nome=u.nome, papel=u.papel, om=om.sigla, email=u.email)
    efeito = r.model_dump(exclude={"email"})  # quem, com que papel e em que OM
    historico.registrar(s, CRIACAO_DE_USUARIO, autor, om_id=om.id, usuario_id=u.id, efeito=efeito)
    return r


def cadastrar_usuario(
    uow: UnitOfWork, dados: NovoUsuario, senha: str, *, autor: Autor
) -> UsuarioCriado:
    """Cria o usuário, ativo, com a senha, e registra quem o criou; login repetido ou OM
    inexistente são recusados."""
    senha_hash = hash_senha(validar_senha(senha))
    return _gravar_usuario(uow, dados, senha_hash, autor)


@caso_de_uso(escrita=True)
def _gravar_senha(s: Session, login: str, senha_hash: str, autor: Autor) -> SenhaTrocada:
    u = usuario_pelo_login(s, login)
    u.senha_hash = senha_hash
    r = SenhaTrocada(
        login=u.login,
        sessoes_encerradas=_encerrar_sessoes(s, u.id),
        agenda_revogada=_revogar_agenda(s, u.id),
        falhas_de_login_zeradas=zerar_falhas_da_conta(s, u.login),
    )
    _registrar(s, TROCA_DE_SENHA, autor, u, r.model_dump(exclude={"login"}))  # a senha, nunca
    return r


def trocar_senha(uow: UnitOfWork, login: str, senha: str, *, autor: Autor) -> SenhaTrocada:
    """Grava a senha nova e faz deixar de valer o que a antiga abriu: encerra as sessões
    abertas do usuário (ele entra de novo), revoga o endereço da agenda e zera o contador de
    falhas de login da conta; registra quem trocou. Tudo na mesma transação."""
    senha_hash = hash_senha(validar_senha(senha))
    return _gravar_senha(uow, login, senha_hash, autor)


@caso_de_uso(escrita=True)
def desativar_usuario(s: Session, login: str, *, autor: Autor) -> SituacaoDoUsuario:
    """Desativa o usuário: não entra mais, as sessões abertas se encerram e o endereço da
    agenda é revogado (o token em uso é recusado no pedido seguinte); registra quem desativou
    (também quando ele já estava desativado: `mudou` falso no efeito)."""
    u = usuario_pelo_login(s, login)
    mudou = u.ativo
    u.ativo = False
    r = SituacaoDoUsuario(
        login=u.login,
        ativo=False,
        mudou=mudou,
        sessoes_encerradas=_encerrar_sessoes(s, u.id),
        agenda_revogada=_revogar_agenda(s, u.id),
    )
    _registrar(s, DESATIVACAO, autor, u, r.model_dump(exclude={"login"}))
    return r


@caso_de_uso(escrita=True)
def ativar_usuario(s: Session, login: str, *, autor: Autor) -> SituacaoDoUsuario:
    """Reativa o usuário: ele volta a entrar com a senha que tem; as sessões encerradas ao
    desativá-lo continuam encerradas. Registra quem reativou (como ao desativar)."""
    u = usuario_pelo_login(s, login)
    mudou = not u.ativo
    u.ativo = True
    r = SituacaoDoUsuario(login=u.login, ativo=True, mudou=mudou)
    _registrar(s, ATIVACAO, autor, u, r.model_dump(include={"ativo", "mudou"}))
    return r


@caso_de_uso(escrita=True)
def trocar_email(
    s: Session, login: str, email: str | None, *, autor: Autor
) -> tuple[str | None, str]:
    """Grava (ou, vazio, apaga) o e-mail do resumo diário de prazos do usuário e registra quem
    o mudou (para onde vão os prazos da OM é uma mudança da conta); o endereço não vai ao
    registro, só se ficou algum. Devolve o e-mail gravado e o papel (quem chama diz se esse
    papel recebe o resumo)."""
    u = usuario_pelo_login(s, login)
    antes = u.email
    u.email = validar_email(email)
    efeito = {"com_email": u.email is not None, "mudou": u.email != antes}
    _registrar(s, TROCA_DE_EMAIL, autor, u, efeito)
    return u.email, u.papel
