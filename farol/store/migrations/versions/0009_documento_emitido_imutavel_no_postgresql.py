"""No PostgreSQL, o banco recusa UPDATE e DELETE em `documento_emitido`.

Um documento emitido é prova do que foi entregue: reemitir grava outro que o substitui
(`substitui_id`); o anterior nunca muda nem some. No SQLite a regra vale pelo código.

Revisão: 0009
Anterior: 0008
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FUNCAO = """
CREATE FUNCTION farol_documento_imutavel() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'documentos emitidos são imutáveis: reemita um novo documento'
        USING ERRCODE = 'integrity_constraint_violation',
              DETAIL = TG_OP || ' recusado no documento id ' || OLD.id,
              HINT = 'a tabela documento_emitido só aceita INSERT';
END;
$$
"""

GATILHO = """
CREATE TRIGGER documento_emitido_imutavel
BEFORE UPDATE OR DELETE ON documento_emitido
FOR EACH ROW EXECUTE FUNCTION farol_documento_imutavel()
"""


def _postgresql() -> bool:
    return op.get_context().dialect.name == "postgresql"


def upgrade() -> None:
    if _postgresql():
        op.execute(FUNCAO)
        op.execute(GATILHO)


def downgrade() -> None:
    if _postgresql():
        op.execute("DROP TRIGGER documento_emitido_imutavel ON documento_emitido")
        op.execute("DROP FUNCTION farol_documento_imutavel()")
