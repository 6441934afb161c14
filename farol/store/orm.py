"""Tabelas do processo administrativo (SQLAlchemy 2, declarativo tipado).

Convenções: dinheiro `Dinheiro` (numeric(14,2) ↔ Decimal), datas `Date`, instantes
`InstanteUTC` (com fuso, sempre UTC). Listas fechadas são `CHECK` nomeados, não enums
nativos, para que a mesma migração sirva ao SQLite e ao PostgreSQL.

A tabela `ato` só recebe INSERT (ver `auditoria.py` e, no PostgreSQL, o gatilho da
migração `0006`). `prazo` é dado derivado dos atos e pode ser atualizado.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, ClassVar, TypeVar, cast

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Date,
    Double,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    Numeric,
    String,
    Text,
    UniqueConstraint,
    event,
    false,
    inspect,
    text,
    true,
)
from sqlalchemy.engine import Connection
from sqlalchemy.orm import (
    DeclarativeBase,
    Mapped,
    Mapper,
    Session,
    make_transient_to_detached,
    mapped_column,
)

from farol.domain.texto import normalizar_busca
from farol.erros import Conflito
from farol.normas.papeis import ids_dos_papeis
from farol.relogio import data_local
from farol.store.indices_de_busca import COLUNAS as COLUNAS_DA_BUSCA
from farol.store.indices_de_busca import indice_trigramas
from farol.store.tipos import Dinheiro, InstanteUTC, Json, SomaDeDinheiro

MENSAGEM_ATO_IMUTAVEL = "atos são imutáveis: registre uma correção como novo ato"
MENSAGEM_ALTERACAO_CADASTRAL_IMUTAVEL = (
    "o histórico de alterações cadastrais só recebe acréscimos: registre uma nova correção"
)
MENSAGEM_ALTERACAO_DE_CONTA_IMUTAVEL = (
    "o registro de mudanças de contas só recebe acréscimos: ele não se altera nem se apaga"
)

CONVENCAO_DE_NOMES = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

TIPOS_OM = ("CP", "DL", "AG", "DPC", "DN")
PAPEIS = ids_dos_papeis()  # normas/dados/papeis.yaml; a migração 0001 congela a lista de então
TIPOS_PESSOA = ("fisica", "juridica")
ENTIDADES_CADASTRAIS = ("pessoa", "embarcacao")  # alteracao_cadastral.entidade
# alteracao_de_conta.acao: o que `farol om criar` e `farol usuario
# criar|senha|desativar|ativar|email` fizeram (a migração 0042 congela a lista de então)
CRIACAO_DE_OM = "criacao_de_om"
CRIACAO_DE_USUARIO = "criacao_de_usuario"
TROCA_DE_SENHA = "troca_de_senha"
DESATIVACAO = "desativacao"
ATIVACAO = "ativacao"
TROCA_DE_EMAIL = "troca_de_email"  # o endereço do resumo diário de prazos
ACOES_DE_CONTA = (
    CRIACAO_DE_OM,
    CRIACAO_DE_USUARIO,
    TROCA_DE_SENHA,
    DESATIVACAO,
    ATIVACAO,
    TROCA_DE_EMAIL,
)
TAMANHO_DO_OPERADOR = 200  # alteracao_de_conta.operador: "usuario@maquina" de quem rodou a CLI
TIPOS_HABILITACAO = ("CHA", "CIR")
SITUACOES_INSPECAO = ("navegando", "parada")
REGIMES = ("lesta", "poluicao", "custodia", "apuracao", "inquerito")
CONTAGEM_NO_ATO = "no_ato"  # a data fixada no próprio ato, não contada por dias
CONTAGENS = ("uteis", "corridos", CONTAGEM_NO_ATO)


def _em(coluna: str, valores: tuple[str, ...]) -> str:
    return f"{coluna} IN ({', '.join(repr(v) for v in valores)})"


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=CONVENCAO_DE_NOMES)
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: Json, list[Any]: Json}


def _fk(alvo: str, *, indice: bool = True, nulo: bool = False) -> Mapped[Any]:
    return mapped_column(ForeignKey(alvo), index=indice, nullable=nulo)


def _normalizado(coluna: str) -> Any:
    """Padrão de uma coluna de busca: a `coluna` da mesma linha, normalizada, em todo INSERT
    (do ORM ou do Core) que não a informe."""

    def padrao(contexto: Any) -> str:
        return normalizar_busca(contexto.get_current_parameters()[coluna])

    return padrao


def _trigramas(tabela: str) -> tuple[Index, ...]:
    """Índices GIN de trigramas (pg_trgm) das colunas da busca por trecho, só no PostgreSQL
    (migração 0023; no SQLite a mesma busca usa a tabela FTS5 `fts_<tabela>`, que não é
    modelo: farol/store/indices_de_busca.py)."""
    return tuple(
        Index(
            indice_trigramas(tabela, c),
            c,
            postgresql_using="gin",
            postgresql_ops={c: "gin_trgm_ops"},
        ).ddl_if(dialect="postgresql")
        for c in COLUNAS_DA_BUSCA[tabela]
    )


# --- organização -------------------------------------------------------------------


class OM(Base):
    """Organização Militar: Capitania, Delegacia, Agência, DPC ou Distrito Naval."""

    __tablename__ = "om"
    __table_args__ = (CheckConstraint(_em("tipo", TIPOS_OM), name="tipo"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    sigla: Mapped[str] = mapped_column(String(20), unique=True)
    nome: Mapped[str] = mapped_column(String(200))
    tipo: Mapped[str] = mapped_column(String(3))
    uf: Mapped[str] = mapped_column(String(2))
    municipio: Mapped[str] = mapped_column(String(100))
    superior_id: Mapped[int | None] = _fk("om.id", nulo=True)
    # Endereço e contato impressos nos documentos (migração 0019); sem eles, o documento traz
    # a linha em branco para preencher à mão.
    endereco: Mapped[str | None] = mapped_column(String(300))  # logradouro, número, complemento
    bairro: Mapped[str | None] = mapped_column(String(100))
    cep: Mapped[str | None] = mapped_column(String(8))  # só dígitos
    telefone: Mapped[str | None] = mapped_column(String(30))
    email: Mapped[str | None] = mapped_column(String(200))


class OMFechamento(Base):
    """Dia sem expediente numa OM além dos feriados nacionais (feriado municipal, etc.)."""

    __tablename__ = "om_fechamento"
    __table_args__ = (UniqueConstraint("om_id", "data"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    om_id: Mapped[int] = _fk("om.id", indice=False)
    data: Mapped[dt.date] = mapped_column(Date)
    motivo: Mapped[str] = mapped_column(String(200))


class Usuario(Base):
    __tablename__ = "usuario"
    __table_args__ = (CheckConstraint(_em("papel", PAPEIS), name="papel"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    login: Mapped[str] = mapped_column(String(60), unique=True)
    nome: Mapped[str] = mapped_column(String(200))
    senha_hash: Mapped[str] = mapped_column(String(255))
    papel: Mapped[str] = mapped_column(String(30))
    om_id: Mapped[int] = _fk("om.id")
    ativo: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    """Para onde vai o resumo diário de prazos (`farol resumo-diario`); vazio: não recebe."""


class Sessao(Base):
    """Sessão aberta por um login (cookie das páginas ou token da API): o token leva a
    `chave`; sair a encerra, e ela vence sozinha depois de ociosa (`usada_em`)."""

    __tablename__ = "sessao"

    id: Mapped[int] = mapped_column(primary_key=True)
    chave: Mapped[str] = mapped_column(String(64), unique=True)
    usuario_id: Mapped[int] = _fk("usuario.id")
    criada_em: Mapped[dt.datetime] = mapped_column(InstanteUTC)
    usada_em: Mapped[dt.datetime] = mapped_column(InstanteUTC)
    encerrada_em: Mapped[dt.datetime | None] = mapped_column(InstanteUTC)


class ResumoEnviado(Base):
    """Resumo diário de prazos enviado por e-mail a um usuário: um por usuário e data do
    resumo (a unicidade impede o segundo envio no mesmo dia)."""

    __tablename__ = "resumo_enviado"
    __table_args__ = (UniqueConstraint("usuario_id", "data"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    usuario_id: Mapped[int] = _fk("usuario.id", indice=False)
    data: Mapped[dt.date] = mapped_column(Date)
    enviado_em: Mapped[dt.datetime] = mapped_column(InstanteUTC)
    email: Mapped[str] = mapped_column(String(254))
    prazos: Mapped[int] = mapped_column(Integer)


class TokenAgenda(Base):
    """Endereço secreto da agenda de prazos de um usuário (`/feeds/<token>.ics`), para os
    programas de calendário que não entram com login: guarda-se só o SHA-256 do token; revogar
    grava `revogado_em`, e o endereço deixa de responder."""

    __tablename__ = "token_agenda"

    id: Mapped[int] = mapped_column(primary_key=True)
    usuario_id: Mapped[int] = _fk("usuario.id")
    hash: Mapped[str] = mapped_column(String(64), unique=True)
    criado_em: Mapped[dt.datetime] = mapped_column(InstanteUTC)
    revogado_em: Mapped[dt.datetime | None] = mapped_column(InstanteUTC)


class AcessoDadoPessoal(Base):
    """Leitura dos dados completos de uma pessoa (nome e débitos em todas as OMs) por um
    usuário: quem, com que papel e de que OM, quando, de que documento (CPF/CNPJ, só dígitos)
    e por qual consulta. Só INSERT; o auditor da jurisdição consulta (LGPD art. 37)."""

    __tablename__ = "acesso_dado_pessoal"

    id: Mapped[int] = mapped_column(primary_key=True)
    registrado_em: Mapped[dt.datetime] = mapped_column(InstanteUTC, index=True)
    usuario_id: Mapped[int] = _fk("usuario.id")
    papel: Mapped[str] = mapped_column(String(30))
    om_id: Mapped[int] = _fk("om.id")
    documento: Mapped[str] = mapped_column(String(14), index=True)
    pessoa_id: Mapped[int | None] = _fk("pessoa.id", indice=False, nulo=True)
    consulta: Mapped[str] = mapped_column(String(60))


class AlteracaoDeConta(Base):
    """Uma mudança numa conta feita pela administração: uma OM ou um usuário criado, a senha
    trocada, o usuário desativado ou reativado (`farol.services.historico_de_contas`).

    O quê (`acao`), a conta alvo (o usuário, se a mudança é dele, e a OM: a do usuário ou a
    criada), quem fez (`origem`, de onde veio a mudança, e `operador`: na CLI, "CLI" e o usuário
    do sistema operacional na máquina), quando e o efeito (`efeito`: as sessões encerradas, a
    agenda revogada, o papel do usuário criado ...; nunca a senha nem o hash dela).

    Só INSERT: a sessão recusa alterar ou apagar (abaixo) e, no PostgreSQL, os gatilhos da
    migração `0042` recusam UPDATE, DELETE e TRUNCATE.
    """

    __tablename__ = "alteracao_de_conta"
    __table_args__ = (CheckConstraint(_em("acao", ACOES_DE_CONTA), name="acao"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    registrado_em: Mapped[dt.datetime] = mapped_column(InstanteUTC)
    acao: Mapped[str] = mapped_column(String(30))
    usuario_id: Mapped[int | None] = _fk("usuario.id", nulo=True)
    om_id: Mapped[int] = _fk("om.id")
    origem: Mapped[str] = mapped_column(String(20))
    operador: Mapped[str] = mapped_column(String(TAMANHO_DO_OPERADOR))
    efeito: Mapped[dict[str, Any]]


@event.listens_for(AlteracaoDeConta, "before_update")
@event.listens_for(AlteracaoDeConta, "before_delete")
def _alteracao_de_conta_imutavel(_m: Mapper[Any], _c: Connection, _a: AlteracaoDeConta) -> None:
    """A mesma regra dos gatilhos do PostgreSQL, já na sessão (vale também no SQLite)."""
    raise Conflito(MENSAGEM_ALTERACAO_DE_CONTA_IMUTAVEL, campo="alteracao_de_conta")


# --- pessoas, embarcações, habilitações ----------------------------------------------


class Pessoa(Base):
    """Pessoa física (CPF, 11 dígitos) ou jurídica (CNPJ, 14 dígitos); documento só dígitos."""

    __tablename__ = "pessoa"
    __table_args__ = (
        CheckConstraint(_em("tipo", TIPOS_PESSOA), name="tipo"),
        CheckConstraint(
            "(tipo = 'fisica' AND length(documento) = 11)"
            " OR (tipo = 'juridica' AND length(documento) = 14)",
            name="documento_do_tipo",
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    documento: Mapped[str] = mapped_column(String(14), unique=True)
    tipo: Mapped[str] = mapped_column(String(10))
    nome: Mapped[str] = mapped_column(String(200))
    # o nome sem acentos e em minúsculas, para a busca (farol/domain/texto.py; migração 0017)
    nome_busca: Mapped[str] = mapped_column(Text, default=_normalizado("nome"))
    endereco: Mapped[str | None] = mapped_column(Text)
    email: Mapped[str | None] = mapped_column(String(200))
    telefone: Mapped[str | None] = mapped_column(String(30))
    versao: Mapped[int] = mapped_column(Integer, server_default="1")
    """Trava otimista da correção do cadastro (migração 0018; conflito vira HTTP 409)."""

    __mapper_args__ = {"version_id_col": versao}  # noqa: RUF012


class Embarcacao(Base):
    """Tipo, propulsão e comprimento não informados ficam nulos (migração 0019): nenhum
    documento inventa o que não foi registrado."""

    __tablename__ = "embarcacao"
    __table_args__ = _trigramas("embarcacao")

    id: Mapped[int] = mapped_column(primary_key=True)
    inscricao: Mapped[str] = mapped_column(String(30), unique=True)
    nome: Mapped[str] = mapped_column(String(200))
    nome_busca: Mapped[str] = mapped_column(Text, default=_normalizado("nome"))
    tipo: Mapped[str | None] = mapped_column(String(60))
    propulsao: Mapped[str | None] = mapped_column(String(30))
    comprimento: Mapped[Decimal | None] = mapped_column(Numeric(8, 2))
    proprietario_id: Mapped[int] = _fk("pessoa.id")
    estrangeira: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    versao: Mapped[int] = mapped_column(Integer, server_default="1")
    """Trava otimista da correção do cadastro (migração 0018; conflito vira HTTP 409)."""

    __mapper_args__ = {"version_id_col": versao}  # noqa: RUF012


@event.listens_for(Pessoa.nome, "set")
@event.listens_for(Embarcacao.nome, "set")
def _nome_busca_acompanha_o_nome(alvo: Pessoa | Embarcacao, nome: str, *_: Any) -> None:
    """Nome trocado pelo ORM (criação ou correção): a forma de busca acompanha. Inserções
    pelo Core (`inserir_se_faltar`) recebem o padrão da coluna; um UPDATE pelo Core que troque o
    nome tem de gravar também `nome_busca`."""
    alvo.nome_busca = normalizar_busca(nome) if nome is not None else nome


class AlteracaoCadastral(Base):
    """Uma mudança num campo do cadastro de uma pessoa ou embarcação: o valor anterior e o
    novo (texto; nulo = não informado), o motivo, quem (usuário, papel e OM) e quando. Os
    campos mudados numa mesma correção têm a mesma `versao` (a do registro depois dela).

    Só INSERT: a sessão recusa alterar ou apagar (abaixo) e, no PostgreSQL, o gatilho da
    migração `0018` recusa UPDATE, DELETE e TRUNCATE.
    """

    __tablename__ = "alteracao_cadastral"
    __table_args__ = (
        CheckConstraint(_em("entidade", ENTIDADES_CADASTRAIS), name="entidade"),
        UniqueConstraint("entidade", "entidade_id", "versao", "campo"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    entidade: Mapped[str] = mapped_column(String(20))
    entidade_id: Mapped[int] = mapped_column(Integer)
    versao: Mapped[int] = mapped_column(Integer)
    campo: Mapped[str] = mapped_column(String(40))
    valor_anterior: Mapped[str | None] = mapped_column(Text)
    valor_novo: Mapped[str | None] = mapped_column(Text)
    motivo: Mapped[str] = mapped_column(Text)
    usuario_id: Mapped[int] = _fk("usuario.id", indice=False)
    papel: Mapped[str] = mapped_column(String(30))
    om_id: Mapped[int] = _fk("om.id", indice=False)
    registrado_em: Mapped[dt.datetime] = mapped_column(InstanteUTC)


@event.listens_for(AlteracaoCadastral, "before_update")
@event.listens_for(AlteracaoCadastral, "before_delete")
def _alteracao_cadastral_imutavel(_m: Mapper[Any], _c: Connection, _a: AlteracaoCadastral) -> None:
    """A mesma regra do gatilho do PostgreSQL, já na sessão (vale também no SQLite)."""
    raise Conflito(MENSAGEM_ALTERACAO_CADASTRAL_IMUTAVEL, campo="alteracao_cadastral")


class Habilitacao(Base):
    """CHA (amador) ou CIR (aquaviário)."""

    __tablename__ = "habilitacao"
    __table_args__ = (
        CheckConstraint(_em("tipo", TIPOS_HABILITACAO), name="tipo"),
        UniqueConstraint("tipo", "numero"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    pessoa_id: Mapped[int] = _fk("pessoa.id")
    tipo: Mapped[str] = mapped_column(String(3))
    categoria: Mapped[str] = mapped_column(String(60))
    numero: Mapped[str] = mapped_column(String(30))
    validade: Mapped[dt.date] = mapped_column(Date)


# --- inspeção ------------------------------------------------------------------------


def _data_local_de(coluna: str) -> Any:
    """Padrão de uma coluna de data civil: a do instante `coluna` da mesma linha, no fuso do
    Farol, em todo INSERT (do ORM ou do Core) que não a informe."""

    def padrao(contexto: Any) -> dt.date:
        return data_local(contexto.get_current_parameters()[coluna])

    return padrao


class Inspecao(Base):
    __tablename__ = "inspecao"
    __table_args__ = (
        CheckConstraint(_em("situacao", SITUACOES_INSPECAO), name="situacao"),
        # as estatísticas da jurisdição num período agregam no banco por OM e data civil
        Index("ix_inspecao_om_id_data", "om_id", "data"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    om_id: Mapped[int] = _fk("om.id")
    inspetor_id: Mapped[int] = _fk("usuario.id")
    embarcacao_id: Mapped[int] = _fk("embarcacao.id")
    condutor_id: Mapped[int | None] = _fk("pessoa.id", nulo=True)
    proprietario_id: Mapped[int] = _fk("pessoa.id")
    data_hora: Mapped[dt.datetime] = mapped_column(InstanteUTC)
    data: Mapped[dt.date | None] = mapped_column(
        Date, nullable=True, default=_data_local_de("data_hora")
    )
    """A data civil de `data_hora` no fuso do Farol (a inspeção às 22h de 31/01 em
    Florianópolis é de janeiro), gravada no INSERT para as estatísticas agregarem no banco."""
    local: Mapped[str] = mapped_column(String(300))
    situacao: Mapped[str] = mapped_column(String(10))
    condutor_habilitado_presente: Mapped[bool] = mapped_column(Boolean)
    # Posição do GPS do celular, quando o inspetor a permite (editável; graus decimais WGS 84)
    # e a precisão informada pelo aparelho, em metros.
    latitude: Mapped[Decimal | None] = mapped_column(Numeric(9, 6))
    longitude: Mapped[Decimal | None] = mapped_column(Numeric(9, 6))
    precisao_m: Mapped[int | None] = mapped_column(Integer)
    # O que o inspetor informou diferente do cadastro (embarcação da inscrição, pessoa do
    # CPF/CNPJ): [{campo, rotulo, cadastro, informado}]; a inspeção fica como foi digitada.
    divergencias: Mapped[list[Any] | None] = mapped_column()


class FotoInspecao(Base):
    """Foto tirada na inspeção (JPEG, PNG ou WebP, tipo conferido pelo conteúdo), com o seu
    SHA-256; só se acrescenta (como o ato)."""

    __tablename__ = "foto_inspecao"

    id: Mapped[int] = mapped_column(primary_key=True)
    inspecao_id: Mapped[int] = _fk("inspecao.id")
    nome_arquivo: Mapped[str] = mapped_column(String(255))
    tipo_mime: Mapped[str] = mapped_column(String(100))
    sha256: Mapped[str] = mapped_column(String(64))
    conteudo: Mapped[bytes] = mapped_column(LargeBinary)
    descricao: Mapped[str | None] = mapped_column(String(500))
    tirada_em: Mapped[dt.datetime | None] = mapped_column(InstanteUTC)
    recebida_em: Mapped[dt.datetime] = mapped_column(InstanteUTC)


class Constatacao(Base):
    """Achado da inspeção: a infração (id legal, p.ex. `RLESTA.12.II`) e os seus fatos."""

    __tablename__ = "constatacao"
    # as estatísticas contam as infrações das inspeções do período sem ler a linha inteira
    __table_args__ = (Index("ix_constatacao_inspecao_id_infracao", "inspecao_id", "infracao"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    inspecao_id: Mapped[int] = _fk("inspecao.id")
    infracao: Mapped[str] = mapped_column(String(40))
    descricao: Mapped[str] = mapped_column(Text)
    categoria_item: Mapped[str | None] = mapped_column(String(60))
    faltas: Mapped[int | None] = mapped_column(Integer)
    anos_vencida: Mapped[int | None] = mapped_column(Integer)


# --- processo ------------------------------------------------------------------------


class Processo(Base):
    """O processo administrativo; `versao` é a trava otimista (conflito vira HTTP 409)."""

    __tablename__ = "processo"
    __table_args__ = (
        CheckConstraint(_em("regime", REGIMES), name="regime"),
        # contagens por estado da jurisdição (painel) e filtros de OM e estado (lista)
        Index("ix_processo_om_id_estado", "om_id", "estado"),
        # a lista na ordem da abertura (a padrão): os mais recentes da jurisdição pelo índice
        # da OM, ou, numa jurisdição grande, percorrendo todos do mais recente para trás
        Index("ix_processo_om_id_criado_em", "om_id", "criado_em"),
        Index("ix_processo_criado_em", "criado_em"),
        # os processos de um regime na jurisdição (os autos de poluição das estatísticas)
        Index("ix_processo_regime_om_id", "regime", "om_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    om_id: Mapped[int] = _fk("om.id")
    numero: Mapped[str] = mapped_column(String(40), unique=True)
    regime: Mapped[str] = mapped_column(String(10))
    estado: Mapped[str] = mapped_column(String(60), index=True)
    autuado_id: Mapped[int | None] = _fk("pessoa.id", nulo=True)
    """Nulo só na custódia de bem de responsável desconhecido (NORMAM-07 itens 0205 e 0309)."""
    embarcacao_id: Mapped[int | None] = _fk("embarcacao.id", nulo=True)
    inspecao_id: Mapped[int | None] = _fk("inspecao.id", nulo=True)
    origem_id: Mapped[int | None] = _fk("processo.id", nulo=True)
    """A apuração ou o inquérito cuja conclusão abriu este processo (RLESTA art. 9º, II e III)."""
    sobrestado: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    versao: Mapped[int] = mapped_column(Integer)
    criado_em: Mapped[dt.datetime] = mapped_column(InstanteUTC)
    divergencias: Mapped[list[Any] | None] = mapped_column()
    """Aberto sem inspeção: o que se digitou diferente do cadastro da pessoa e da embarcação
    já gravadas, `[{campo, rotulo, cadastro, informado}]` (farol.services.divergencias;
    migração 0044); nula sem diferença. Na inspeção, `Inspecao.divergencias`."""

    __mapper_args__ = {"version_id_col": versao}  # noqa: RUF012


class ProcessoBusca(Base):
    """O texto de busca do processo (migração 0036): uma linha estreita por processo em que a
    busca confere cada palavra (farol/services/busca.py), regravada na mesma transação que muda
    o processo, os autos, a embarcação ou o autuado (farol/services/texto_de_busca.py). No
    SQLite, a tabela FTS5 `fts_processo_busca` (gatilhos) a indexa."""

    __tablename__ = "processo_busca"
    __table_args__ = (
        *_trigramas("processo_busca"),
        # a página da jurisdição, do mais recente ao mais antigo
        Index("ix_processo_busca_om_id_processo_id", "om_id", "processo_id"),
    )

    processo_id: Mapped[int] = mapped_column(
        ForeignKey("processo.id", ondelete="CASCADE"), primary_key=True
    )
    """Dado derivado: sai com o processo."""
    om_id: Mapped[int] = mapped_column(ForeignKey("om.id"))
    """A OM do processo (não muda)."""
    texto: Mapped[str] = mapped_column(Text)
    """Número do processo, números dos autos, inscrição e nome da embarcação e nome do
    autuado, em minúsculas e sem acentos, separados por espaços."""


class ProcessoResumo(Base):
    """O modelo de leitura: uma linha por processo com o que as listas e o painel filtram e
    ordenam (estado, próximo vencimento, multa e pago, último ato, prescrição), regravada na
    mesma transação de cada ato (`farol.services.resumo_processo`): nunca discorda dos atos,
    e `farol db resumos --conferir` a confronta com o recálculo a partir deles."""

    __tablename__ = "processo_resumo"
    __table_args__ = (
        # o painel e a lista: por OM, ordenados pelo próximo vencimento, pela multa a vencer e
        # pela prescrição (cada um um índice que começa pela OM da jurisdição)
        Index("ix_processo_resumo_om_vencimento", "om_id", "proximo_vencimento"),
        # a lista pelo próximo vencimento numa jurisdição grande: percorrida na ordem inteira da
        # página (o vencimento e o desempate pelo id), com a OM filtrada no próprio índice, acha
        # a página logo (o de cima ordenaria a jurisdição; sem o id, os muitos processos que
        # vencem no mesmo dia seriam lidos para desempatar)
        Index("ix_processo_resumo_vencimento_id_om", "proximo_vencimento", "processo_id", "om_id"),
        Index("ix_processo_resumo_om_pagamento", "om_id", "vencimento_pagamento"),
        Index("ix_processo_resumo_om_prescricao", "om_id", "prescreve_em"),
        # as multas impostas das estatísticas, contadas e somadas só no índice (com a multa)
        Index("ix_processo_resumo_om_multa", "om_id", "multa_fixada_em", "multa"),
        # as listas curtas do painel: retenções em vigor e restituições pendentes
        Index(
            "ix_processo_resumo_retidos",
            "om_id",
            sqlite_where=text("retida_em IS NOT NULL"),
            postgresql_where=text("retida_em IS NOT NULL"),
        ),
        # as multas vencidas: só os processos com saldo devedor, por OM e vencimento, com o
        # processo (a ordem da página, `consultas.ORDEM_DAS_MULTAS_VENCIDAS`)
        Index(
            "ix_processo_resumo_em_debito",
            "om_id",
            "vencimento_pagamento",
            "processo_id",
            sqlite_where=text("em_debito IS 1"),
            postgresql_where=text("em_debito IS true"),
        ),
        # as restituições pendentes dos processos não encerrados, por OM e processo
        Index(
            "ix_processo_resumo_a_restituir",
            "om_id",
            "processo_id",
            sqlite_where=text("restituicao_pendente > 0 AND encerrado IS 0"),
            postgresql_where=text("restituicao_pendente > 0 AND encerrado IS false"),
        ),
    )

    processo_id: Mapped[int] = mapped_column(ForeignKey("processo.id"), primary_key=True)
    om_id: Mapped[int] = mapped_column(ForeignKey("om.id"))
    regime: Mapped[str] = mapped_column(String(10))
    estado: Mapped[str] = mapped_column(String(60))
    encerrado: Mapped[bool] = mapped_column(Boolean)
    atos: Mapped[int] = mapped_column(Integer)
    """Atos do procedimento (sem as emissões de documento, atos do sistema)."""
    ultimo_ato_tipo: Mapped[str | None] = mapped_column(String(60), nullable=True)
    ultimo_ato_data: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    prazos_em_curso: Mapped[int] = mapped_column(Integer)
    proximo_vencimento: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    multa: Mapped[Decimal | None] = mapped_column(SomaDeDinheiro, nullable=True)
    """As multas em vigor (nulo sem penalidade em vigor)."""
    pago: Mapped[Decimal] = mapped_column(SomaDeDinheiro)
    vencimento_pagamento: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    """O vencimento do prazo de pagamento em curso (aberto por último)."""
    prescreve_em: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    """A primeira das prescrições (quinquenal e intercorrente, Lei 9.873/1999) do processo não
    encerrado; nulo no encerrado ou antes da vigência da lei."""
    multa_fixada_em: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    """A data do ato que fixou as penalidades em vigor (nula sem multa em vigor): as
    estatísticas contam a multa imposta nessa data."""
    retida_em: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    """A data da retenção CLC-69 em vigor (o último ato de retenção ou de liberação é uma
    retenção); nula sem ela."""
    restituicao_pendente: Mapped[Decimal] = mapped_column(SomaDeDinheiro)
    """O pago a maior reconhecido e ainda não restituído (`fatos_do_recurso`)."""
    em_debito: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Processo não encerrado com multa em vigor maior que o pago (o saldo das multas vencidas
    do painel, quando o prazo de pagamento já passou)."""


class ProcessosPorEstado(Base):
    """Quantos processos cada OM tem em cada regime e estado: o contador que o painel e a lista
    somam em vez de contar os processos da jurisdição (a 1 milhão de processos, a contagem por
    estado do país lia 1 milhão de entradas de índice: 120 a 170 ms). Mantido pelo banco, na
    mesma transação de cada processo aberto ou que muda de estado (gatilhos da migração 0037,
    no PostgreSQL e no SQLite); `farol db resumos` o confere com a contagem dos processos e
    `--refazer` o regrava. Linhas que chegam a zero ficam."""

    __tablename__ = "processos_por_estado"

    om_id: Mapped[int] = mapped_column(ForeignKey("om.id"), primary_key=True)
    regime: Mapped[str] = mapped_column(String(10), primary_key=True)
    estado: Mapped[str] = mapped_column(String(60), primary_key=True)
    quantidade: Mapped[int] = mapped_column(Integer)


class PrazosEmCursoPorDia(Base):
    """Quantos prazos em curso cada OM tem vencendo em cada dia: o contador que o painel soma
    para os prazos que vencem hoje, nos próximos dias e os já vencidos, em vez de contar os
    prazos da jurisdição (a 1 milhão de processos, os vencidos do país eram 881 mil entradas de
    índice: 42–66 ms). Mantido pelo banco, na mesma transação de cada prazo aberto, encerrado ou
    com o vencimento mudado (gatilhos da migração 0041, no PostgreSQL e no SQLite); `farol db
    resumos` o confere com a contagem dos prazos e `--refazer` o regrava. Linhas que chegam a
    zero ficam."""

    __tablename__ = "prazos_em_curso_por_dia"

    om_id: Mapped[int] = mapped_column(ForeignKey("om.id"), primary_key=True)
    vencimento: Mapped[dt.date] = mapped_column(Date, primary_key=True)
    quantidade: Mapped[int] = mapped_column(Integer)


class MedidaAdministrativa(Base):
    """Medida aplicada liminarmente (apreensão, retirada de tráfego ...), LESTA art. 16."""

    __tablename__ = "medida_administrativa"
    __table_args__ = (
        # as medidas em vigor de um tipo, as mais recentes primeiro (as apreendidas do painel)
        Index(
            "ix_medida_em_vigor",
            "tipo",
            "aplicada_em",
            sqlite_where=text("suspensa_em IS NULL"),
            postgresql_where=text("suspensa_em IS NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    inspecao_id: Mapped[int] = _fk("inspecao.id")
    processo_id: Mapped[int | None] = _fk("processo.id", nulo=True)
    tipo: Mapped[str] = mapped_column(String(40))
    aplicada_em: Mapped[dt.datetime] = mapped_column(InstanteUTC)
    suspensa_em: Mapped[dt.datetime | None] = mapped_column(InstanteUTC)
    suspensa_por_ato_id: Mapped[int | None] = _fk("ato.id", indice=False, nulo=True)
    """O ato que levantou a medida (cessados os motivos, NORMAM-07 item 0308 c)."""
    fundamentos: Mapped[list[Any]] = mapped_column(default=list)


class Custodia(Base):
    """O bem sob a guarda da OM no processo do regime `custodia` (NORMAM-07 itens 0205, 0309 a
    0313): a embarcação apreendida ou o bem achado, do início ao fim da guarda.

    Dado derivado dos atos (a abertura cria, a entrega ou a destinação fecha `fim`); o índice
    único parcial impede a mesma embarcação sob guarda duas vezes ao mesmo tempo.
    """

    __tablename__ = "custodia"
    __table_args__ = (
        Index(
            "uq_custodia_embarcacao_sob_guarda",
            "embarcacao_id",
            unique=True,
            sqlite_where=text("fim IS NULL"),
            postgresql_where=text("fim IS NULL"),
        ),
    )

    processo_id: Mapped[int] = mapped_column(ForeignKey("processo.id"), primary_key=True)
    om_id: Mapped[int] = _fk("om.id")
    embarcacao_id: Mapped[int | None] = _fk("embarcacao.id", indice=False, nulo=True)
    medida_id: Mapped[int | None] = _fk("medida_administrativa.id", indice=False, nulo=True)
    bem: Mapped[str] = mapped_column(String(300))
    inicio: Mapped[dt.date] = mapped_column(Date)
    fim: Mapped[dt.date | None] = mapped_column(Date)


class TarifaCustodia(Base):
    """Valor de um item de despesa da custódia numa OM, a partir de uma data, com o ato que o
    fixou (NORMAM-07 item 0311). Só INSERT: a tabela nova vale a partir de `vigente_desde`."""

    __tablename__ = "tarifa_custodia"
    __table_args__ = (
        UniqueConstraint("om_id", "vigente_desde", "item"),
        CheckConstraint("valor >= 0", name="valor"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    om_id: Mapped[int] = _fk("om.id", indice=False)
    vigente_desde: Mapped[dt.date] = mapped_column(Date)
    item: Mapped[str] = mapped_column(String(40))
    valor: Mapped[Decimal] = mapped_column(Dinheiro)
    ato: Mapped[str] = mapped_column(String(300))
    registrada_em: Mapped[dt.datetime] = mapped_column(InstanteUTC)
    registrada_por: Mapped[int] = _fk("usuario.id", indice=False)


class Notificacao(Base):
    """Notificação para Comparecimento (NORMAM, Anexo A)."""

    __tablename__ = "notificacao"

    id: Mapped[int] = mapped_column(primary_key=True)
    inspecao_id: Mapped[int] = _fk("inspecao.id")
    processo_id: Mapped[int | None] = _fk("processo.id", nulo=True)
    pessoa_id: Mapped[int] = _fk("pessoa.id")
    numero: Mapped[str] = mapped_column(String(40), unique=True)
    data: Mapped[dt.date] = mapped_column(Date)


class AutoDeInfracao(Base):
    """Auto de Infração (NORMAM, Anexo B), numerado sem lacunas por OM e ano."""

    __tablename__ = "auto_de_infracao"
    __table_args__ = (UniqueConstraint("om_id", "ano", "sequencial"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    processo_id: Mapped[int] = _fk("processo.id")
    om_id: Mapped[int] = _fk("om.id", indice=False)
    ano: Mapped[int] = mapped_column(Integer)
    sequencial: Mapped[int] = mapped_column(Integer)
    numero: Mapped[str] = mapped_column(String(40), unique=True)
    lavrado_em: Mapped[dt.date] = mapped_column(Date)


class AutoInfracaoItem(Base):
    """Uma infração do auto e o seu autor material (RLESTA art. 7 §3)."""

    __tablename__ = "auto_infracao_item"

    id: Mapped[int] = mapped_column(primary_key=True)
    auto_id: Mapped[int] = _fk("auto_de_infracao.id")
    infracao: Mapped[str] = mapped_column(String(40))
    autor_tipo: Mapped[str] = mapped_column(String(30))
    faltas: Mapped[int | None] = mapped_column(Integer)


class Ato(Base):
    """Ato do processo: só INSERT. Corrige-se com outro ato (`corrige_ato_id`).

    `hash` encadeia o ato ao anterior do mesmo processo (`hash_anterior`); ver auditoria.
    """

    __tablename__ = "ato"
    __table_args__ = (UniqueConstraint("processo_id", "seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    processo_id: Mapped[int] = _fk("processo.id", indice=False)
    seq: Mapped[int] = mapped_column(Integer)
    tipo: Mapped[str] = mapped_column(String(60))
    ator_id: Mapped[int] = _fk("usuario.id")
    papel: Mapped[str] = mapped_column(String(30))
    registrado_em: Mapped[dt.datetime] = mapped_column(InstanteUTC)
    data_ato: Mapped[dt.date] = mapped_column(Date)
    payload: Mapped[dict[str, Any]]
    corrige_ato_id: Mapped[int | None] = _fk("ato.id", nulo=True)
    intempestivo: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    hash_anterior: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))


@event.listens_for(Ato, "before_update")
@event.listens_for(Ato, "before_delete")
def _ato_imutavel(_mapper: Mapper[Any], _conexao: Connection, _ato: Ato) -> None:
    """A mesma regra do gatilho do PostgreSQL, já na sessão (vale também no SQLite)."""
    raise Conflito(MENSAGEM_ATO_IMUTAVEL, campo="ato")


class Prazo(Base):
    """Prazo aberto por um ato; dado derivado, atualizado quando o prazo se encerra.

    Encerrar um prazo grava `encerrado_em`, `encerrado_por_ato_id` e `cumprido` aqui; o ato
    que o encerra (defesa, recurso, revelia ...) é um novo registro em `ato`.
    """

    __tablename__ = "prazo"
    __table_args__ = (
        CheckConstraint(_em("contagem", CONTAGENS), name="contagem"),
        CheckConstraint(_em("regime", REGIMES), name="regime"),
        # Os prazos em curso de cada processo, na ordem do vencimento: a lista de processos, o
        # painel e a agenda só leem estes, que são poucos diante de todos os já encerrados.
        Index(
            "ix_prazo_em_curso",
            "processo_id",
            "vencimento",
            sqlite_where=text("encerrado_em IS NULL"),
            postgresql_where=text("encerrado_em IS NULL"),
        ),
        # os mesmos, por data, na ordem das listas de prazos (`consultas.ORDEM_DOS_PRAZOS`),
        # com a OM, que filtra no próprio índice: a primeira página dos prazos de hoje, da
        # semana e dos vencidos do painel
        Index(
            "ix_prazo_em_curso_por_data",
            "vencimento",
            "processo_id",
            "id",
            "om_id",
            sqlite_where=text("encerrado_em IS NULL"),
            postgresql_where=text("encerrado_em IS NULL"),
        ),
        # e por OM da jurisdição e data: as contagens do painel leem só o trecho das OMs do
        # usuário (o índice por data, sozinho, traz os vencidos do país inteiro)
        Index(
            "ix_prazo_em_curso_por_om",
            "om_id",
            "vencimento",
            sqlite_where=text("encerrado_em IS NULL"),
            postgresql_where=text("encerrado_em IS NULL"),
        ),
        # os em curso contados pelo calendário de outra OM (a de quem decide o recurso): o
        # fechamento dessa OM e o recálculo os leem
        Index(
            "ix_prazo_em_curso_por_calendario",
            "calendario_om_id",
            "vencimento",
            sqlite_where=text("calendario_om_id IS NOT NULL AND encerrado_em IS NULL"),
            postgresql_where=text("calendario_om_id IS NOT NULL AND encerrado_em IS NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    processo_id: Mapped[int] = _fk("processo.id")
    om_id: Mapped[int] = _fk("om.id", indice=False)
    """A OM do processo (que não muda), repetida aqui para o índice dos prazos em curso por
    jurisdição e data."""
    calendario_om_id: Mapped[int | None] = mapped_column(
        ForeignKey("om.id", name="fk_prazo_calendario_om_id_om"), nullable=True
    )
    """A OM cujo expediente prorroga o vencimento quando não é a do processo: a da autoridade
    que decide o recurso (`decide` em dados/prazos.yaml; Lei 9.784/1999 art. 66 § 1º). Nulo:
    a OM do processo."""
    ato_id: Mapped[int] = _fk("ato.id")
    etapa: Mapped[str] = mapped_column(String(60))
    regime: Mapped[str] = mapped_column(String(10))
    inicio: Mapped[dt.date] = mapped_column(Date)
    vencimento: Mapped[dt.date] = mapped_column(Date, index=True)
    contagem: Mapped[str] = mapped_column(String(10))
    dias: Mapped[int] = mapped_column(Integer)
    fundamentos: Mapped[list[Any]] = mapped_column(default=list)
    dias_nao_uteis: Mapped[list[Any]] = mapped_column(default=list)
    transicao: Mapped[dict[str, Any] | None] = mapped_column(Json, nullable=True)
    """Nota da regra de transição entre normas (texto e fundamento), quando uma mudança de
    norma alcança o prazo; None quando não alcança."""
    encerrado_em: Mapped[dt.date | None] = mapped_column(Date)
    encerrado_por_ato_id: Mapped[int | None] = _fk("ato.id", indice=False, nulo=True)
    cumprido: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class Penalidade(Base):
    """Penalidade decidida num julgamento (multa, suspensão, cancelamento)."""

    __tablename__ = "penalidade"

    id: Mapped[int] = mapped_column(primary_key=True)
    processo_id: Mapped[int] = _fk("processo.id")
    ato_id: Mapped[int] = _fk("ato.id")
    infracao: Mapped[str] = mapped_column(String(40))
    autor_id: Mapped[int] = _fk("pessoa.id")
    multa: Mapped[Decimal | None] = mapped_column(Dinheiro)
    suspensao_dias: Mapped[int | None] = mapped_column(Integer)
    cancelamento: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    multiplicador: Mapped[int] = mapped_column(Integer, default=1)
    justificativa: Mapped[str] = mapped_column(Text)
    acessorias: Mapped[list[Any]] = mapped_column(default=list, server_default="[]")
    """Penalidades acessórias impostas com esta (tipo, fundamentação, prazo; acessorias.yaml)."""


class Pagamento(Base):
    __tablename__ = "pagamento"
    __table_args__ = (
        # os pagamentos do período (as pontas das estatísticas, fora do agregado mensal)
        Index("ix_pagamento_data", "data"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    processo_id: Mapped[int] = _fk("processo.id")
    valor: Mapped[Decimal] = mapped_column(Dinheiro)
    data: Mapped[dt.date] = mapped_column(Date)
    referencia: Mapped[str] = mapped_column(String(100))


class DocumentoAnexo(Base):
    """Arquivo enviado (p.ex. peças da defesa), com o seu SHA-256."""

    __tablename__ = "documento_anexo"

    id: Mapped[int] = mapped_column(primary_key=True)
    processo_id: Mapped[int] = _fk("processo.id")
    ato_id: Mapped[int | None] = _fk("ato.id", nulo=True)
    nome_arquivo: Mapped[str] = mapped_column(String(255))
    tipo_mime: Mapped[str] = mapped_column(String(100))
    sha256: Mapped[str] = mapped_column(String(64))
    conteudo: Mapped[bytes] = mapped_column(LargeBinary)
    criado_em: Mapped[dt.datetime] = mapped_column(InstanteUTC)


class Procurador(Base):
    """Procurador do interessado, constituído por um ato do processo (marca
    `constitui_procurador`) com o instrumento de procuração específico anexado a ele
    (`documento_anexo.ato_id`); Norma de 2023, item 3.6.6. Dado derivado do ato: o ato,
    encadeado na auditoria, é a verdade."""

    __tablename__ = "procurador"
    __table_args__ = (
        UniqueConstraint("ato_id"),
        CheckConstraint("length(cpf) = 11", name="cpf_de_11_digitos"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    processo_id: Mapped[int] = _fk("processo.id")
    ato_id: Mapped[int] = _fk("ato.id", indice=False)
    nome: Mapped[str] = mapped_column(String(200))
    cpf: Mapped[str] = mapped_column(String(11))
    oab: Mapped[str | None] = mapped_column(String(30))
    email: Mapped[str | None] = mapped_column(String(200))
    endereco: Mapped[str | None] = mapped_column(Text)
    constituido_em: Mapped[dt.date] = mapped_column(Date)


# --- infraestrutura ------------------------------------------------------------------


class Idempotencia(Base):
    """Resposta já dada a uma requisição com `Idempotency-Key`, por usuário."""

    __tablename__ = "idempotencia"
    __table_args__ = (UniqueConstraint("chave", "usuario_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    chave: Mapped[str] = mapped_column(String(200))
    usuario_id: Mapped[int] = _fk("usuario.id", indice=False)
    metodo: Mapped[str] = mapped_column(String(10))
    rota: Mapped[str] = mapped_column(String(300))
    status_code: Mapped[int] = mapped_column(Integer)
    corpo: Mapped[Any] = mapped_column(Json)
    requisicao_sha256: Mapped[str | None] = mapped_column(String(64))
    criado_em: Mapped[dt.datetime] = mapped_column(InstanteUTC, index=True)


class Numeracao(Base):
    """Contador da numeração oficial sem lacunas, por OM, ano e tipo de documento."""

    __tablename__ = "numeracao"

    om_id: Mapped[int] = mapped_column(ForeignKey("om.id"), primary_key=True)
    ano: Mapped[int] = mapped_column(Integer, primary_key=True)
    tipo: Mapped[str] = mapped_column(String(30), primary_key=True)
    ultimo: Mapped[int] = mapped_column(Integer)


class DocumentoEmitido(Base):
    """PDF oficial emitido (NORMAM, anexos): guardado com o SHA-256 e um código de verificação.

    Só INSERT. Reemitir é uma nova linha que aponta a anterior (`substitui_id`); a anterior
    continua verificável e passa a constar como substituída.
    """

    __tablename__ = "documento_emitido"

    id: Mapped[int] = mapped_column(primary_key=True)
    codigo: Mapped[str] = mapped_column(String(32), unique=True)
    processo_id: Mapped[int] = _fk("processo.id")
    ato_id: Mapped[int | None] = _fk("ato.id", indice=False, nulo=True)
    tipo: Mapped[str] = mapped_column(String(40))
    sha256: Mapped[str] = mapped_column(String(64), index=True)
    conteudo: Mapped[bytes] = mapped_column(LargeBinary)
    emitido_em: Mapped[dt.datetime] = mapped_column(InstanteUTC)
    emitido_por_id: Mapped[int] = _fk("usuario.id", indice=False)
    substitui_id: Mapped[int | None] = _fk("documento_emitido.id", indice=False, nulo=True)


class EstatisticaMensal(Base):
    """O agregado mensal das estatísticas, por OM e mês civil: as infrações constatadas (por
    infração), as medidas aplicadas (por tipo) e os pagamentos (quantidade e soma). Derivado,
    nunca editado à mão: somado antes do commit da transação que grava uma constatação, uma
    medida ou um pagamento (`farol.services.estatistica_mensal`), a mesma conta das estatísticas
    de um intervalo; as estatísticas de um período leem os meses inteiros aqui."""

    __tablename__ = "estatistica_mensal"

    om_id: Mapped[int] = mapped_column(ForeignKey("om.id"), primary_key=True)
    mes: Mapped[str] = mapped_column(String(7), primary_key=True)
    """"AAAA-MM", da data civil no fuso do Farol."""
    indicador: Mapped[str] = mapped_column(String(20), primary_key=True)
    chave: Mapped[str] = mapped_column(String(60), primary_key=True)
    """A infração, o tipo da medida ou vazio (pagamentos)."""
    quantidade: Mapped[int] = mapped_column(Integer)
    valor: Mapped[Decimal | None] = mapped_column(SomaDeDinheiro, nullable=True)


class Tentativa(Base):
    """Uma tentativa que conta num limite (falha de login, consulta pública, situação por CPF),
    partilhada por todos os processos do servidor (`farol serve --workers N`): N processos não
    dão N vezes as tentativas. A chave é o SHA-256 do que se limita (conta, endereço, usuário):
    o banco não guarda logins nem endereços. Apaga-se ao sair da janela ou no acerto.
    """

    __tablename__ = "tentativa"
    __table_args__ = (Index("ix_tentativa_limite_chave_instante", "limite", "chave", "instante"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    limite: Mapped[str] = mapped_column(String(30))
    chave: Mapped[str] = mapped_column(String(64))
    instante: Mapped[float] = mapped_column(Double)
    """Segundos desde a época (relógio de parede, o mesmo em todos os processos)."""


_M = TypeVar("_M", bound=Base)


def na_sessao_como_lido(sessao: Session, classe: type[_M], valores: Mapping[str, Any]) -> _M:
    """O objeto `classe` com `valores` (as colunas, pelos nomes dos atributos) posto na sessão
    como se o ORM o tivesse lido do banco: quem lê ou grava pelo Core (uma consulta montada uma
    vez, um INSERT ... RETURNING) entrega ao resto do caso de uso o objeto que o ORM daria, e as
    mudanças nele se gravam no flush. Sem o construtor, que passa cada atributo pela
    instrumentação do ORM (~3× o custo), e sem a volta da carga do ORM. Uma coluna fora de
    `valores` fica por carregar (o ORM a lê se pedida). Quem chama confere antes que a sessão
    não tem o mesmo objeto: o mapa de identidade recusaria outro."""
    objeto = cast(_M, inspect(classe).class_manager.new_instance())
    objeto.__dict__.update(valores)
    make_transient_to_detached(objeto)
    sessao.add(objeto)
    return objeto
