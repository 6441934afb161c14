"""Documentos oficiais emitidos (PDF, SHA-256 e código de verificação).

Revisão: 0007
Anterior: 0006
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "documento_emitido",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("codigo", sa.String(length=32), nullable=False),
        sa.Column("processo_id", sa.Integer(), nullable=False),
        sa.Column("ato_id", sa.Integer(), nullable=True),
        sa.Column("tipo", sa.String(length=40), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("conteudo", sa.LargeBinary(), nullable=False),
        sa.Column("emitido_em", sa.DateTime(timezone=True), nullable=False),
        sa.Column("emitido_por_id", sa.Integer(), nullable=False),
        sa.Column("substitui_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["processo_id"], ["processo.id"], name=op.f("fk_documento_emitido_processo_id_processo")
        ),
        sa.ForeignKeyConstraint(["ato_id"], ["ato.id"], name=op.f("fk_documento_emitido_ato_id_ato")),
        sa.ForeignKeyConstraint(
            ["emitido_por_id"],
            ["usuario.id"],
            name=op.f("fk_documento_emitido_emitido_por_id_usuario"),
        ),
        sa.ForeignKeyConstraint(
            ["substitui_id"],
            ["documento_emitido.id"],
            name=op.f("fk_documento_emitido_substitui_id_documento_emitido"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_documento_emitido")),
        sa.UniqueConstraint("codigo", name=op.f("uq_documento_emitido_codigo")),
    )
    op.create_index(
        op.f("ix_documento_emitido_processo_id"), "documento_emitido", ["processo_id"], unique=False
    )
    op.create_index(
        op.f("ix_documento_emitido_sha256"), "documento_emitido", ["sha256"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_documento_emitido_sha256"), table_name="documento_emitido")
    op.drop_index(op.f("ix_documento_emitido_processo_id"), table_name="documento_emitido")
    op.drop_table("documento_emitido")
