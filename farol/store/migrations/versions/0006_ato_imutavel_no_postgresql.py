"""No PostgreSQL, o banco recusa UPDATE e DELETE na tabela `ato`.

Um ato não se altera nem se apaga: corrige-se com um novo ato (`corrige_ato_id`). O
gatilho é por linha, de modo que TRUNCATE (usado só na limpeza dos testes) não é afetado.
No SQLite a regra vale pelo código (`farol.store.auditoria`) e pela cadeia de hashes.

Revisão: 0006
Anterior: 0005
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MENSAGEM = "atos são imutáveis: registre uma correção como novo ato"

FUNCAO = f"""
CREATE FUNCTION farol_ato_imutavel() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '{MENSAGEM}'
        USING ERRCODE = 'integrity_constraint_violation',
              DETAIL = TG_OP || ' recusado no ato id ' || OLD.id,
              HINT = 'a tabela ato só aceita INSERT';
END;
$$
"""

GATILHO = """
CREATE TRIGGER ato_imutavel
BEFORE UPDATE OR DELETE ON ato
FOR EACH ROW EXECUTE FUNCTION farol_ato_imutavel()
"""


def _postgresql() -> bool:
    return op.get_context().dialect.name == "postgresql"


def upgrade() -> None:
    if _postgresql():
        op.execute(FUNCAO)
        op.execute(GATILHO)


def downgrade() -> None:
    if _postgresql():
        op.execute("DROP TRIGGER ato_imutavel ON ato")
        op.execute("DROP FUNCTION farol_ato_imutavel()")
