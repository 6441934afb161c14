"""Registro das mudanças de contas: quem criou uma OM ou um usuário, trocou a senha, desativou
ou reativou um usuário, quando, a conta alvo e o efeito (nunca a senha).

- `alteracao_de_conta`: a ação (`criacao_de_om`, `criacao_de_usuario`, `troca_de_senha`,
  `desativacao`, `ativacao`, `troca_de_email`), o usuário alvo (nulo na criação de OM), a OM (a do usuário ou a
  criada), a origem e o operador (na CLI, "CLI" e o usuário do sistema operacional na
  máquina), o instante e o efeito em JSON. Lido por `farol usuario historico`.
- Só INSERT: no PostgreSQL um gatilho por linha recusa UPDATE e DELETE e um por comando
  recusa TRUNCATE (como em `alteracao_cadastral`, migração `0018`); no SQLite, a sessão.

Revisão: 0042
Anterior: 0041
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0042"
down_revision: str | None = "0041"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
ACOES = (
    "criacao_de_om",
    "criacao_de_usuario",
    "troca_de_senha",
    "desativacao",
    "ativacao",
    "troca_de_email",
)
MENSAGEM = "o registro de mudanças de contas só recebe acréscimos: ele não se altera nem se apaga"

FUNCAO = f"""
CREATE FUNCTION farol_alteracao_de_conta_imutavel() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '{MENSAGEM}'
        USING ERRCODE = 'integrity_constraint_violation',
              DETAIL = TG_OP || ' recusado em alteracao_de_conta',
              HINT = 'a tabela alteracao_de_conta só aceita INSERT';
END;
$$
"""

GATILHOS = """
CREATE TRIGGER alteracao_de_conta_imutavel
BEFORE UPDATE OR DELETE ON alteracao_de_conta
FOR EACH ROW EXECUTE FUNCTION farol_alteracao_de_conta_imutavel();
CREATE TRIGGER alteracao_de_conta_sem_truncate
BEFORE TRUNCATE ON alteracao_de_conta
FOR EACH STATEMENT EXECUTE FUNCTION farol_alteracao_de_conta_imutavel()
"""


def _postgresql() -> bool:
    return op.get_context().dialect.name == "postgresql"


def upgrade() -> None:
    op.create_table(
        "alteracao_de_conta",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("registrado_em", sa.DateTime(timezone=True), nullable=False),
        sa.Column("acao", sa.String(length=30), nullable=False),
        sa.Column("usuario_id", sa.Integer(), nullable=True),
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("origem", sa.String(length=20), nullable=False),
        sa.Column("operador", sa.String(length=200), nullable=False),
        sa.Column("efeito", JSON, nullable=False),
        sa.CheckConstraint(
            f"acao IN ({', '.join(repr(a) for a in ACOES)})",
            name=op.f("ck_alteracao_de_conta_acao"),
        ),
        sa.ForeignKeyConstraint(
            ["usuario_id"], ["usuario.id"], name=op.f("fk_alteracao_de_conta_usuario_id_usuario")
        ),
        sa.ForeignKeyConstraint(["om_id"], ["om.id"], name=op.f("fk_alteracao_de_conta_om_id_om")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_alteracao_de_conta")),
    )
    for coluna in ("usuario_id", "om_id"):
        op.create_index(
            op.f(f"ix_alteracao_de_conta_{coluna}"), "alteracao_de_conta", [coluna], unique=False
        )
    if _postgresql():
        op.execute(FUNCAO)
        op.execute(GATILHOS)


def downgrade() -> None:
    if _postgresql():
        op.execute("DROP TRIGGER alteracao_de_conta_sem_truncate ON alteracao_de_conta")
        op.execute("DROP TRIGGER alteracao_de_conta_imutavel ON alteracao_de_conta")
        op.execute("DROP FUNCTION farol_alteracao_de_conta_imutavel()")
    for coluna in ("om_id", "usuario_id"):
        op.drop_index(op.f(f"ix_alteracao_de_conta_{coluna}"), table_name="alteracao_de_conta")
    op.drop_table("alteracao_de_conta")
