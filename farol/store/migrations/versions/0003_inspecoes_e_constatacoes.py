"""Inspeções navais e as constatações de cada uma.

Revisão: 0003
Anterior: 0002
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "inspecao",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("inspetor_id", sa.Integer(), nullable=False),
        sa.Column("embarcacao_id", sa.Integer(), nullable=False),
        sa.Column("condutor_id", sa.Integer(), nullable=True),
        sa.Column("proprietario_id", sa.Integer(), nullable=False),
        sa.Column("data_hora", sa.DateTime(timezone=True), nullable=False),
        sa.Column("local", sa.String(length=300), nullable=False),
        sa.Column("situacao", sa.String(length=10), nullable=False),
        sa.Column("condutor_habilitado_presente", sa.Boolean(), nullable=False),
        sa.CheckConstraint(
            "situacao IN ('navegando', 'parada')", name=op.f("ck_inspecao_situacao")
        ),
        sa.ForeignKeyConstraint(
            ["condutor_id"], ["pessoa.id"], name=op.f("fk_inspecao_condutor_id_pessoa")
        ),
        sa.ForeignKeyConstraint(
            ["embarcacao_id"], ["embarcacao.id"], name=op.f("fk_inspecao_embarcacao_id_embarcacao")
        ),
        sa.ForeignKeyConstraint(
            ["inspetor_id"], ["usuario.id"], name=op.f("fk_inspecao_inspetor_id_usuario")
        ),
        sa.ForeignKeyConstraint(["om_id"], ["om.id"], name=op.f("fk_inspecao_om_id_om")),
        sa.ForeignKeyConstraint(
            ["proprietario_id"], ["pessoa.id"], name=op.f("fk_inspecao_proprietario_id_pessoa")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_inspecao")),
    )
    op.create_index(op.f("ix_inspecao_condutor_id"), "inspecao", ["condutor_id"], unique=False)
    op.create_index(op.f("ix_inspecao_embarcacao_id"), "inspecao", ["embarcacao_id"], unique=False)
    op.create_index(op.f("ix_inspecao_inspetor_id"), "inspecao", ["inspetor_id"], unique=False)
    op.create_index(op.f("ix_inspecao_om_id"), "inspecao", ["om_id"], unique=False)
    op.create_index(
        op.f("ix_inspecao_proprietario_id"), "inspecao", ["proprietario_id"], unique=False
    )
    op.create_table(
        "constatacao",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("inspecao_id", sa.Integer(), nullable=False),
        sa.Column("infracao", sa.String(length=40), nullable=False),
        sa.Column("descricao", sa.Text(), nullable=False),
        sa.Column("categoria_item", sa.String(length=60), nullable=True),
        sa.Column("faltas", sa.Integer(), nullable=True),
        sa.Column("anos_vencida", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["inspecao_id"], ["inspecao.id"], name=op.f("fk_constatacao_inspecao_id_inspecao")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_constatacao")),
    )
    op.create_index(
        op.f("ix_constatacao_inspecao_id"), "constatacao", ["inspecao_id"], unique=False
    )


def downgrade() -> None:
    op.drop_table("constatacao")
    op.drop_table("inspecao")
