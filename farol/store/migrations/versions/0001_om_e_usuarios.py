"""OMs (CP, DL, AG, DPC, DN), dias de fechamento por OM e usuários.

Revisão: 0001
Anterior: None
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "om",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("sigla", sa.String(length=20), nullable=False),
        sa.Column("nome", sa.String(length=200), nullable=False),
        sa.Column("tipo", sa.String(length=3), nullable=False),
        sa.Column("uf", sa.String(length=2), nullable=False),
        sa.Column("municipio", sa.String(length=100), nullable=False),
        sa.Column("superior_id", sa.Integer(), nullable=True),
        sa.CheckConstraint("tipo IN ('CP', 'DL', 'AG', 'DPC', 'DN')", name=op.f("ck_om_tipo")),
        sa.ForeignKeyConstraint(["superior_id"], ["om.id"], name=op.f("fk_om_superior_id_om")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_om")),
        sa.UniqueConstraint("sigla", name=op.f("uq_om_sigla")),
    )
    op.create_index(op.f("ix_om_superior_id"), "om", ["superior_id"], unique=False)
    op.create_table(
        "om_fechamento",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("data", sa.Date(), nullable=False),
        sa.Column("motivo", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(["om_id"], ["om.id"], name=op.f("fk_om_fechamento_om_id_om")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_om_fechamento")),
        sa.UniqueConstraint("om_id", "data", name=op.f("uq_om_fechamento_om_id_data")),
    )
    op.create_table(
        "usuario",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("login", sa.String(length=60), nullable=False),
        sa.Column("nome", sa.String(length=200), nullable=False),
        sa.Column("senha_hash", sa.String(length=255), nullable=False),
        sa.Column("papel", sa.String(length=30), nullable=False),
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("ativo", sa.Boolean(), server_default=sa.true(), nullable=False),
        sa.CheckConstraint(
            "papel IN ('inspetor', 'autoridade_competente', 'capitao_dos_portos',"
            " 'dpc', 'auditor', 'consulta')",
            name=op.f("ck_usuario_papel"),
        ),
        sa.ForeignKeyConstraint(["om_id"], ["om.id"], name=op.f("fk_usuario_om_id_om")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_usuario")),
        sa.UniqueConstraint("login", name=op.f("uq_usuario_login")),
    )
    op.create_index(op.f("ix_usuario_om_id"), "usuario", ["om_id"], unique=False)


def downgrade() -> None:
    op.drop_table("usuario")
    op.drop_table("om_fechamento")
    op.drop_table("om")
