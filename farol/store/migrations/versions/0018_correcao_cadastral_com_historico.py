"""Correção do cadastro de pessoas e embarcações com histórico (issue 15, item 11).

- `alteracao_cadastral`: cada campo mudado numa correção (pessoa ou embarcação, o id, a versão
  do registro depois dela, o campo, o valor anterior e o novo, o motivo, o usuário, o papel, a
  OM e o instante). Só INSERT: no PostgreSQL um gatilho por linha recusa UPDATE e DELETE e um
  por comando recusa TRUNCATE (como em `ato`, migrações `0006` e `0014`).
- `pessoa.versao` e `embarcacao.versao`: a trava otimista da correção (começa em 1).

Revisão: 0018
Anterior: 0017
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MENSAGEM = "o histórico de alterações cadastrais só recebe acréscimos: registre uma nova correção"

FUNCAO = f"""
CREATE FUNCTION farol_alteracao_cadastral_imutavel() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '{MENSAGEM}'
        USING ERRCODE = 'integrity_constraint_violation',
              DETAIL = TG_OP || ' recusado em alteracao_cadastral',
              HINT = 'a tabela alteracao_cadastral só aceita INSERT';
END;
$$
"""

GATILHOS = """
CREATE TRIGGER alteracao_cadastral_imutavel
BEFORE UPDATE OR DELETE ON alteracao_cadastral
FOR EACH ROW EXECUTE FUNCTION farol_alteracao_cadastral_imutavel();
CREATE TRIGGER alteracao_cadastral_sem_truncate
BEFORE TRUNCATE ON alteracao_cadastral
FOR EACH STATEMENT EXECUTE FUNCTION farol_alteracao_cadastral_imutavel()
"""


def _postgresql() -> bool:
    return op.get_context().dialect.name == "postgresql"


def upgrade() -> None:
    for tabela in ("pessoa", "embarcacao"):
        with op.batch_alter_table(tabela) as t:
            t.add_column(sa.Column("versao", sa.Integer(), server_default="1", nullable=False))
    op.create_table(
        "alteracao_cadastral",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("entidade", sa.String(length=20), nullable=False),
        sa.Column("entidade_id", sa.Integer(), nullable=False),
        sa.Column("versao", sa.Integer(), nullable=False),
        sa.Column("campo", sa.String(length=40), nullable=False),
        sa.Column("valor_anterior", sa.Text(), nullable=True),
        sa.Column("valor_novo", sa.Text(), nullable=True),
        sa.Column("motivo", sa.Text(), nullable=False),
        sa.Column("usuario_id", sa.Integer(), nullable=False),
        sa.Column("papel", sa.String(length=30), nullable=False),
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("registrado_em", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "entidade IN ('pessoa', 'embarcacao')", name=op.f("ck_alteracao_cadastral_entidade")
        ),
        sa.ForeignKeyConstraint(
            ["usuario_id"], ["usuario.id"], name=op.f("fk_alteracao_cadastral_usuario_id_usuario")
        ),
        sa.ForeignKeyConstraint(["om_id"], ["om.id"], name=op.f("fk_alteracao_cadastral_om_id_om")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_alteracao_cadastral")),
        sa.UniqueConstraint(
            "entidade",
            "entidade_id",
            "versao",
            "campo",
            name=op.f("uq_alteracao_cadastral_entidade_entidade_id_versao_campo"),
        ),
    )
    if _postgresql():
        op.execute(FUNCAO)
        op.execute(GATILHOS)


def downgrade() -> None:
    if _postgresql():
        op.execute("DROP TRIGGER alteracao_cadastral_sem_truncate ON alteracao_cadastral")
        op.execute("DROP TRIGGER alteracao_cadastral_imutavel ON alteracao_cadastral")
        op.execute("DROP FUNCTION farol_alteracao_cadastral_imutavel()")
    op.drop_table("alteracao_cadastral")
    for tabela in ("embarcacao", "pessoa"):
        with op.batch_alter_table(tabela) as t:
            t.drop_column("versao")
