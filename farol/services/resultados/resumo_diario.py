"""O resumo diário de prazos (e-mail a cada autoridade) e a agenda de prazos (Atom, iCalendar)."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from farol.formatos import dias as em_dias
from farol.services.resultados.base import Instante, Resultado


class PrazoDaAgenda(Resultado):
    """Um prazo em aberto, com o que a autoridade precisa para agir sem abrir o processo."""

    prazo_id: int
    processo_id: int
    processo_numero: str
    om: str
    estado: str
    """O nome do estado do processo (do quadro do regime)."""
    regime: str
    etapa: str
    nome_etapa: str
    destinatario: str
    """De quem é o prazo (prazos.yaml): `administracao` ou `administrado`."""
    inicio: dt.date
    vencimento: dt.date
    dias: int
    """Dias da data do resumo até o vencimento: 0 vence no dia, negativo já venceu."""
    citacao: str
    """A regra do prazo em vigor no início da contagem: referência e texto."""
    fundamentos: list[str]
    link: str
    aberto_em: Instante
    """Quando foi registrado o ato que abriu o prazo."""

    @property
    def vencido(self) -> bool:
        return self.dias < 0

    @property
    def situacao(self) -> str:
        """'vence hoje', 'vence amanhã', 'faltam 3 dias', 'venceu ontem', 'vencido há 4 dias'."""
        if self.dias == 0:
            return "vence hoje"
        if self.dias == 1:
            return "vence amanhã"
        if self.dias > 1:
            return f"faltam {em_dias(self.dias)}"
        if self.dias == -1:
            return "venceu ontem"
        return f"vencido há {em_dias(-self.dias)}"


class ResumoDoUsuario(Resultado):
    """O resumo de uma data para um usuário: os prazos vencidos e os que vencem em 7 dias."""

    usuario_id: int
    login: str
    nome: str
    papel: str
    om: str
    email: str | None
    data: dt.date
    ate: dt.date
    vencidos: list[PrazoDaAgenda]
    a_vencer: list[PrazoDaAgenda]
    ja_enviado: bool

    @property
    def total(self) -> int:
        return len(self.vencidos) + len(self.a_vencer)


Situacao = Literal["enviado", "simulado", "ja_enviado", "sem_email", "falhou"]


class EnvioDoResumo(Resultado):
    login: str
    nome: str
    email: str | None
    vencidos: int
    a_vencer: int
    situacao: Situacao
    erro: str | None = None


class RelatorioDoResumo(Resultado):
    """O que `farol resumo-diario` fez (ou faria, simulando) na data."""

    data: dt.date
    ate: dt.date
    envio_ligado: bool
    simulado: bool
    envios: list[EnvioDoResumo]

    @property
    def falhas(self) -> list[EnvioDoResumo]:
        return [e for e in self.envios if e.situacao == "falhou"]
