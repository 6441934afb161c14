"""O calendário de quem decide o recurso: o prazo da decisão se prorroga pelo expediente da OM
da autoridade que decide, não pelo da OM do processo (Lei 9.784/1999 art. 66 § 1º).

- `prazo.calendario_om_id`: a OM cujo expediente prorroga o vencimento (a Capitania acima da
  Delegacia ou Agência, o DPC), quando não é a do processo; nulo nos demais (a OM do processo,
  `prazo.om_id`). Os prazos que já existem ficam nulos (contados pelo calendário com que se
  abriram); `farol prazos recalcular` não os muda de calendário.
- `ix_prazo_em_curso_por_calendario`: os prazos em curso contados pelo calendário de outra OM,
  que o fechamento dessa OM e o recálculo leem.

Sem `batch_alter_table`: no SQLite, recriar a tabela `prazo` apagaria os gatilhos da migração
0041; a coluna nula com a chave estrangeira entra pelo `ALTER TABLE ... ADD COLUMN`.

Revisão: 0043
Anterior: 0042
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0043"
down_revision: str | None = "0042"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FK = "fk_prazo_calendario_om_id_om"
ONDE = "calendario_om_id IS NOT NULL AND encerrado_em IS NULL"


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.add_column("prazo", sa.Column("calendario_om_id", sa.Integer(), nullable=True))
        op.create_foreign_key(FK, "prazo", "om", ["calendario_om_id"], ["id"])
    else:  # o SQLite aceita a chave estrangeira na própria coluna acrescentada
        op.execute(
            f"ALTER TABLE prazo ADD COLUMN calendario_om_id INTEGER CONSTRAINT {FK} REFERENCES om (id)"
        )
    op.create_index(
        "ix_prazo_em_curso_por_calendario",
        "prazo",
        ["calendario_om_id", "vencimento"],
        unique=False,
        sqlite_where=sa.text(ONDE),
        postgresql_where=sa.text(ONDE),
    )


def downgrade() -> None:
    op.drop_index("ix_prazo_em_curso_por_calendario", table_name="prazo")
    if op.get_bind().dialect.name == "postgresql":
        op.drop_constraint(FK, "prazo", type_="foreignkey")
    op.drop_column("prazo", "calendario_om_id")
