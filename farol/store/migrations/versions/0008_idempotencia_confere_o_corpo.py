"""Idempotência: guarda o SHA-256 do corpo da requisição para recusar a mesma chave com
outro conteúdo.

Revisão: 0008
Anterior: 0007
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # ADD COLUMN simples (sem o modo "batch", que no SQLite recria a tabela).
    op.add_column(
        "idempotencia", sa.Column("requisicao_sha256", sa.String(length=64), nullable=True)
    )


def downgrade() -> None:
    op.drop_column("idempotencia", "requisicao_sha256")
