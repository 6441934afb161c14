"""Pessoas (CPF/CNPJ), embarcações e habilitações (CHA, CIR).

Revisão: 0002
Anterior: 0001
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "pessoa",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("documento", sa.String(length=14), nullable=False),
        sa.Column("tipo", sa.String(length=10), nullable=False),
        sa.Column("nome", sa.String(length=200), nullable=False),
        sa.Column("endereco", sa.Text(), nullable=True),
        sa.Column("email", sa.String(length=200), nullable=True),
        sa.Column("telefone", sa.String(length=30), nullable=True),
        sa.CheckConstraint(
            "(tipo = 'fisica' AND length(documento) = 11)"
            " OR (tipo = 'juridica' AND length(documento) = 14)",
            name=op.f("ck_pessoa_documento_do_tipo"),
        ),
        sa.CheckConstraint("tipo IN ('fisica', 'juridica')", name=op.f("ck_pessoa_tipo")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pessoa")),
        sa.UniqueConstraint("documento", name=op.f("uq_pessoa_documento")),
    )
    op.create_table(
        "embarcacao",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("inscricao", sa.String(length=30), nullable=False),
        sa.Column("nome", sa.String(length=200), nullable=False),
        sa.Column("tipo", sa.String(length=60), nullable=False),
        sa.Column("propulsao", sa.String(length=30), nullable=False),
        sa.Column("comprimento", sa.Numeric(precision=8, scale=2), nullable=False),
        sa.Column("proprietario_id", sa.Integer(), nullable=False),
        sa.Column("estrangeira", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.ForeignKeyConstraint(
            ["proprietario_id"], ["pessoa.id"], name=op.f("fk_embarcacao_proprietario_id_pessoa")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_embarcacao")),
        sa.UniqueConstraint("inscricao", name=op.f("uq_embarcacao_inscricao")),
    )
    op.create_index(
        op.f("ix_embarcacao_proprietario_id"), "embarcacao", ["proprietario_id"], unique=False
    )
    op.create_table(
        "habilitacao",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("pessoa_id", sa.Integer(), nullable=False),
        sa.Column("tipo", sa.String(length=3), nullable=False),
        sa.Column("categoria", sa.String(length=60), nullable=False),
        sa.Column("numero", sa.String(length=30), nullable=False),
        sa.Column("validade", sa.Date(), nullable=False),
        sa.CheckConstraint("tipo IN ('CHA', 'CIR')", name=op.f("ck_habilitacao_tipo")),
        sa.ForeignKeyConstraint(
            ["pessoa_id"], ["pessoa.id"], name=op.f("fk_habilitacao_pessoa_id_pessoa")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_habilitacao")),
        sa.UniqueConstraint("tipo", "numero", name=op.f("uq_habilitacao_tipo_numero")),
    )
    op.create_index(op.f("ix_habilitacao_pessoa_id"), "habilitacao", ["pessoa_id"], unique=False)


def downgrade() -> None:
    op.drop_table("habilitacao")
    op.drop_table("embarcacao")
    op.drop_table("pessoa")
