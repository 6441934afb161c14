"""Processo, auto de infração e itens, atos encadeados, prazos, penalidades,
pagamentos, documentos anexos, medidas administrativas e notificações.

Revisão: 0004
Anterior: 0003
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "processo",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("numero", sa.String(length=40), nullable=False),
        sa.Column("regime", sa.String(length=10), nullable=False),
        sa.Column("estado", sa.String(length=60), nullable=False),
        sa.Column("autuado_id", sa.Integer(), nullable=False),
        sa.Column("embarcacao_id", sa.Integer(), nullable=True),
        sa.Column("inspecao_id", sa.Integer(), nullable=True),
        sa.Column("sobrestado", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("versao", sa.Integer(), nullable=False),
        sa.Column("criado_em", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "regime IN ('lesta', 'poluicao', 'custodia')", name=op.f("ck_processo_regime")
        ),
        sa.ForeignKeyConstraint(
            ["autuado_id"], ["pessoa.id"], name=op.f("fk_processo_autuado_id_pessoa")
        ),
        sa.ForeignKeyConstraint(
            ["embarcacao_id"], ["embarcacao.id"], name=op.f("fk_processo_embarcacao_id_embarcacao")
        ),
        sa.ForeignKeyConstraint(
            ["inspecao_id"], ["inspecao.id"], name=op.f("fk_processo_inspecao_id_inspecao")
        ),
        sa.ForeignKeyConstraint(["om_id"], ["om.id"], name=op.f("fk_processo_om_id_om")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_processo")),
        sa.UniqueConstraint("numero", name=op.f("uq_processo_numero")),
    )
    op.create_index(op.f("ix_processo_autuado_id"), "processo", ["autuado_id"], unique=False)
    op.create_index(op.f("ix_processo_embarcacao_id"), "processo", ["embarcacao_id"], unique=False)
    op.create_index(op.f("ix_processo_estado"), "processo", ["estado"], unique=False)
    op.create_index(op.f("ix_processo_inspecao_id"), "processo", ["inspecao_id"], unique=False)
    op.create_index(op.f("ix_processo_om_id"), "processo", ["om_id"], unique=False)
    op.create_table(
        "auto_de_infracao",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("processo_id", sa.Integer(), nullable=False),
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("ano", sa.Integer(), nullable=False),
        sa.Column("sequencial", sa.Integer(), nullable=False),
        sa.Column("numero", sa.String(length=40), nullable=False),
        sa.Column("lavrado_em", sa.Date(), nullable=False),
        sa.ForeignKeyConstraint(["om_id"], ["om.id"], name=op.f("fk_auto_de_infracao_om_id_om")),
        sa.ForeignKeyConstraint(
            ["processo_id"], ["processo.id"], name=op.f("fk_auto_de_infracao_processo_id_processo")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_auto_de_infracao")),
        sa.UniqueConstraint("numero", name=op.f("uq_auto_de_infracao_numero")),
        sa.UniqueConstraint(
            "om_id", "ano", "sequencial", name=op.f("uq_auto_de_infracao_om_id_ano_sequencial")
        ),
    )
    op.create_index(
        op.f("ix_auto_de_infracao_processo_id"), "auto_de_infracao", ["processo_id"], unique=False
    )
    op.create_table(
        "auto_infracao_item",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("auto_id", sa.Integer(), nullable=False),
        sa.Column("infracao", sa.String(length=40), nullable=False),
        sa.Column("autor_tipo", sa.String(length=30), nullable=False),
        sa.Column("faltas", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["auto_id"],
            ["auto_de_infracao.id"],
            name=op.f("fk_auto_infracao_item_auto_id_auto_de_infracao"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_auto_infracao_item")),
    )
    op.create_index(
        op.f("ix_auto_infracao_item_auto_id"), "auto_infracao_item", ["auto_id"], unique=False
    )
    op.create_table(
        "ato",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("processo_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("tipo", sa.String(length=60), nullable=False),
        sa.Column("ator_id", sa.Integer(), nullable=False),
        sa.Column("papel", sa.String(length=30), nullable=False),
        sa.Column("registrado_em", sa.DateTime(timezone=True), nullable=False),
        sa.Column("data_ato", sa.Date(), nullable=False),
        sa.Column("payload", JSON, nullable=False),
        sa.Column("corrige_ato_id", sa.Integer(), nullable=True),
        sa.Column("intempestivo", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("hash_anterior", sa.String(length=64), nullable=False),
        sa.Column("hash", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(["ator_id"], ["usuario.id"], name=op.f("fk_ato_ator_id_usuario")),
        sa.ForeignKeyConstraint(
            ["corrige_ato_id"], ["ato.id"], name=op.f("fk_ato_corrige_ato_id_ato")
        ),
        sa.ForeignKeyConstraint(
            ["processo_id"], ["processo.id"], name=op.f("fk_ato_processo_id_processo")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ato")),
        sa.UniqueConstraint("processo_id", "seq", name=op.f("uq_ato_processo_id_seq")),
    )
    op.create_index(op.f("ix_ato_ator_id"), "ato", ["ator_id"], unique=False)
    op.create_index(op.f("ix_ato_corrige_ato_id"), "ato", ["corrige_ato_id"], unique=False)
    op.create_table(
        "prazo",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("processo_id", sa.Integer(), nullable=False),
        sa.Column("ato_id", sa.Integer(), nullable=False),
        sa.Column("etapa", sa.String(length=60), nullable=False),
        sa.Column("regime", sa.String(length=10), nullable=False),
        sa.Column("inicio", sa.Date(), nullable=False),
        sa.Column("vencimento", sa.Date(), nullable=False),
        sa.Column("contagem", sa.String(length=10), nullable=False),
        sa.Column("dias", sa.Integer(), nullable=False),
        sa.Column("fundamentos", JSON, nullable=False),
        sa.Column("dias_nao_uteis", JSON, nullable=False),
        sa.Column("encerrado_em", sa.Date(), nullable=True),
        sa.Column("encerrado_por_ato_id", sa.Integer(), nullable=True),
        sa.Column("cumprido", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.CheckConstraint("contagem IN ('uteis', 'corridos')", name=op.f("ck_prazo_contagem")),
        sa.CheckConstraint(
            "regime IN ('lesta', 'poluicao', 'custodia')", name=op.f("ck_prazo_regime")
        ),
        sa.ForeignKeyConstraint(["ato_id"], ["ato.id"], name=op.f("fk_prazo_ato_id_ato")),
        sa.ForeignKeyConstraint(
            ["encerrado_por_ato_id"], ["ato.id"], name=op.f("fk_prazo_encerrado_por_ato_id_ato")
        ),
        sa.ForeignKeyConstraint(
            ["processo_id"], ["processo.id"], name=op.f("fk_prazo_processo_id_processo")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_prazo")),
    )
    op.create_index(op.f("ix_prazo_ato_id"), "prazo", ["ato_id"], unique=False)
    op.create_index(op.f("ix_prazo_processo_id"), "prazo", ["processo_id"], unique=False)
    op.create_index(op.f("ix_prazo_vencimento"), "prazo", ["vencimento"], unique=False)
    op.create_table(
        "penalidade",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("processo_id", sa.Integer(), nullable=False),
        sa.Column("ato_id", sa.Integer(), nullable=False),
        sa.Column("infracao", sa.String(length=40), nullable=False),
        sa.Column("autor_id", sa.Integer(), nullable=False),
        sa.Column("multa", sa.Numeric(precision=14, scale=2), nullable=True),
        sa.Column("suspensao_dias", sa.Integer(), nullable=True),
        sa.Column("cancelamento", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("multiplicador", sa.Integer(), nullable=False),
        sa.Column("justificativa", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["ato_id"], ["ato.id"], name=op.f("fk_penalidade_ato_id_ato")),
        sa.ForeignKeyConstraint(
            ["autor_id"], ["pessoa.id"], name=op.f("fk_penalidade_autor_id_pessoa")
        ),
        sa.ForeignKeyConstraint(
            ["processo_id"], ["processo.id"], name=op.f("fk_penalidade_processo_id_processo")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_penalidade")),
    )
    op.create_index(op.f("ix_penalidade_ato_id"), "penalidade", ["ato_id"], unique=False)
    op.create_index(op.f("ix_penalidade_autor_id"), "penalidade", ["autor_id"], unique=False)
    op.create_index(op.f("ix_penalidade_processo_id"), "penalidade", ["processo_id"], unique=False)
    op.create_table(
        "pagamento",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("processo_id", sa.Integer(), nullable=False),
        sa.Column("valor", sa.Numeric(precision=14, scale=2), nullable=False),
        sa.Column("data", sa.Date(), nullable=False),
        sa.Column("referencia", sa.String(length=100), nullable=False),
        sa.ForeignKeyConstraint(
            ["processo_id"], ["processo.id"], name=op.f("fk_pagamento_processo_id_processo")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pagamento")),
    )
    op.create_index(op.f("ix_pagamento_processo_id"), "pagamento", ["processo_id"], unique=False)
    op.create_table(
        "documento_anexo",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("processo_id", sa.Integer(), nullable=False),
        sa.Column("ato_id", sa.Integer(), nullable=True),
        sa.Column("nome_arquivo", sa.String(length=255), nullable=False),
        sa.Column("tipo_mime", sa.String(length=100), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("conteudo", sa.LargeBinary(), nullable=False),
        sa.Column("criado_em", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["ato_id"], ["ato.id"], name=op.f("fk_documento_anexo_ato_id_ato")),
        sa.ForeignKeyConstraint(
            ["processo_id"], ["processo.id"], name=op.f("fk_documento_anexo_processo_id_processo")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_documento_anexo")),
    )
    op.create_index(op.f("ix_documento_anexo_ato_id"), "documento_anexo", ["ato_id"], unique=False)
    op.create_index(
        op.f("ix_documento_anexo_processo_id"), "documento_anexo", ["processo_id"], unique=False
    )
    op.create_table(
        "medida_administrativa",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("inspecao_id", sa.Integer(), nullable=False),
        sa.Column("processo_id", sa.Integer(), nullable=True),
        sa.Column("tipo", sa.String(length=40), nullable=False),
        sa.Column("aplicada_em", sa.DateTime(timezone=True), nullable=False),
        sa.Column("suspensa_em", sa.DateTime(timezone=True), nullable=True),
        sa.Column("fundamentos", JSON, nullable=False),
        sa.ForeignKeyConstraint(
            ["inspecao_id"],
            ["inspecao.id"],
            name=op.f("fk_medida_administrativa_inspecao_id_inspecao"),
        ),
        sa.ForeignKeyConstraint(
            ["processo_id"],
            ["processo.id"],
            name=op.f("fk_medida_administrativa_processo_id_processo"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_medida_administrativa")),
    )
    op.create_index(
        op.f("ix_medida_administrativa_inspecao_id"),
        "medida_administrativa",
        ["inspecao_id"],
        unique=False,
    )
    op.create_index(
        op.f("ix_medida_administrativa_processo_id"),
        "medida_administrativa",
        ["processo_id"],
        unique=False,
    )
    op.create_table(
        "notificacao",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("inspecao_id", sa.Integer(), nullable=False),
        sa.Column("processo_id", sa.Integer(), nullable=True),
        sa.Column("pessoa_id", sa.Integer(), nullable=False),
        sa.Column("numero", sa.String(length=40), nullable=False),
        sa.Column("data", sa.Date(), nullable=False),
        sa.ForeignKeyConstraint(
            ["inspecao_id"], ["inspecao.id"], name=op.f("fk_notificacao_inspecao_id_inspecao")
        ),
        sa.ForeignKeyConstraint(
            ["pessoa_id"], ["pessoa.id"], name=op.f("fk_notificacao_pessoa_id_pessoa")
        ),
        sa.ForeignKeyConstraint(
            ["processo_id"], ["processo.id"], name=op.f("fk_notificacao_processo_id_processo")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notificacao")),
        sa.UniqueConstraint("numero", name=op.f("uq_notificacao_numero")),
    )
    op.create_index(
        op.f("ix_notificacao_inspecao_id"), "notificacao", ["inspecao_id"], unique=False
    )
    op.create_index(op.f("ix_notificacao_pessoa_id"), "notificacao", ["pessoa_id"], unique=False)
    op.create_index(
        op.f("ix_notificacao_processo_id"), "notificacao", ["processo_id"], unique=False
    )


def downgrade() -> None:
    op.drop_table("notificacao")
    op.drop_table("medida_administrativa")
    op.drop_table("documento_anexo")
    op.drop_table("pagamento")
    op.drop_table("penalidade")
    op.drop_table("prazo")
    op.drop_table("ato")
    op.drop_table("auto_infracao_item")
    op.drop_table("auto_de_infracao")
    op.drop_table("processo")
