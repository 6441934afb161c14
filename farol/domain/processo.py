"""O procedimento administrativo como quadro de estados declarado em dados.

O quadro de cada regime está em `farol/normas/dados/procedimento_<regime>.yaml`: estados,
transições (uma por tipo de ato e estado de origem), papéis que registram cada ato, guardas
nomeadas, prazos que o ato abre e fecha, e a citação de cada transição. Este módulo o carrega
uma vez, valida o grafo ao carregar e responde, sem I/O:

- `Maquina.transicao(estado, tipo_ato, papel)` — a transição, ou `Conflito` em português;
- `Maquina.atos_permitidos(estado, papel)` — o que aquele papel pode registrar agora;
- `Maquina.aplicar(estado, tipo_ato, papel, contexto)` — avalia as guardas sobre um
  `ContextoAto` (datas, vencimentos, multa, sobrestamento) e devolve o `Resultado`: estado de
  destino, sinalizadores (`intempestivo`, `prazo_extrapolado`) e prazos abertos e fechados;
- `Maquina.como_tabela_markdown()` — o quadro em tabelas, copiado em docs/procedimento.md.

As guardas registram, não bloqueiam, o que a autoridade é quem decide: um recurso fora do
prazo é aceito e sinalizado `intempestivo` (quem não o conhece é a autoridade, Lei 9.784/1999
art. 63, I). Recusam só o que a norma proíbe ao sistema: revelia antes do fim do prazo de
defesa, sanção antes da decisão do Tribunal Marítimo (LESTA art. 33, parágrafo único),
dívida ativa sem multa vencida. As escolhas de interpretação estão em docs/procedimento.md.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Final, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from farol.erros import Conflito, DadosNormativosInvalidos, EntradaInvalida
from farol.normas.citacao import DADOS, Citacao, ler_yaml

PAPEIS: Final = (
    "inspetor",
    "autoridade_competente",
    "capitao_dos_portos",
    "dpc",
    "auditor",
    "consulta",
)
"""Papéis de usuário do Farol. Auditor e consulta leem; não registram ato nenhum."""
PAPEIS_SEM_ATOS: Final = frozenset({"auditor", "consulta"})

# Marcadores do esquema (não são estados nem papéis).
NAO_FINAIS: Final = "@nao_finais"
ANTERIOR: Final = "@anterior"
MESMO: Final = "@mesmo"
AUTOR_DO_ATO_CORRIGIDO: Final = "@autor_do_ato_corrigido"

_IDENTIFICADOR = re.compile(r"^[a-z][a-z0-9_]*$")


# --- Modelos do quadro ----------------------------------------------------------------------


class _Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Estado(_Modelo):
    id: str
    nome: str
    final: bool
    prazos: tuple[str, ...] = ()
    """Prazos que correm enquanto o processo está neste estado."""


class PrazoIniciado(_Modelo):
    prazo: str
    se: str | None = None
    """Nome de uma guarda de condição: o prazo só se abre se ela for satisfeita."""


class Transicao(_Modelo):
    tipo_ato: str
    nome: str
    origens: tuple[str, ...] = Field(min_length=1)
    destino: str
    papeis: tuple[str, ...] = Field(min_length=1)
    guardas: tuple[str, ...] = ()
    inicia: tuple[PrazoIniciado, ...] = ()
    encerra: tuple[str, ...] = ()
    prazo_do_ato: str | None = None
    reinicia_prazos_do_destino: bool = False
    fontes: tuple[Citacao, ...] = Field(min_length=1)

    @property
    def fonte(self) -> Citacao:
        """A citação principal (a primeira)."""
        return self.fontes[0]

    @property
    def e_correcao(self) -> bool:
        return self.papeis == (AUTOR_DO_ATO_CORRIGIDO,)

    def fundamentos(self) -> tuple[str, ...]:
        return tuple(c.referencia() for c in self.fontes)


class Quadro(_Modelo):
    """O arquivo `procedimento_<regime>.yaml`, tal como declarado."""

    regime: str
    nome: str
    fontes: tuple[Citacao, ...] = Field(min_length=1)
    estado_inicial: str
    prazos: tuple[str, ...]
    estados: tuple[Estado, ...] = Field(min_length=1)
    transicoes: tuple[Transicao, ...] = Field(min_length=1)


# --- Contexto e guardas ---------------------------------------------------------------------


@dataclass(frozen=True)
class ContextoAto:
    """Fatos do processo na data do ato, montados pelo serviço a partir do histórico.

    `vencimentos`: último dia (incluído) de cada prazo em curso, por id `prazo.<regime>.<etapa>`,
    como calculado por `farol.rules.prazos`. Um ato praticado até esse dia é tempestivo.
    """

    data_ato: dt.date
    vencimentos: Mapping[str, dt.date] = field(default_factory=dict)
    multa_imposta: bool = False
    multa_paga: bool = False
    esclarecimentos_prestados: bool = False
    inquerito_acidente_pendente: bool = False
    """Há inquérito de acidente ou fato da navegação sem decisão final do Tribunal Marítimo."""
    infracao_de_poluicao: bool = False
    estado_anterior_ao_sobrestamento: str | None = None


@dataclass(frozen=True)
class Avaliacao:
    permitido: bool
    motivo: str = ""
    campo: str | None = None
    sinalizadores: tuple[str, ...] = ()


_OK: Final = Avaliacao(True)

FuncaoGuarda = Callable[[Transicao, ContextoAto, str], Avaliacao]


@dataclass(frozen=True)
class Guarda:
    nome: str
    tipo: Literal["condicao", "sinalizador"]
    descricao: str
    avaliar: FuncaoGuarda


def _data(d: dt.date) -> str:
    return f"{d:%d/%m/%Y}"


def _prazo(regime: str, etapa: str) -> str:
    return f"prazo.{regime}.{etapa}"


def _recusa(motivo: str, campo: str = "data_ato") -> Avaliacao:
    return Avaliacao(False, motivo, campo)


def _multa_imposta(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.multa_imposta:
        return _OK
    return _recusa("não há multa imposta neste processo", "multa_imposta")


def _multa_nao_imposta(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if not c.multa_imposta:
        return _OK
    return _recusa(
        "há multa imposta: o processo termina com o pagamento ou com a inscrição em dívida ativa",
        "multa_imposta",
    )


def _esclarecimentos_ou_comparecimento_encerrado(
    t: Transicao, c: ContextoAto, regime: str
) -> Avaliacao:
    if c.esclarecimentos_prestados:
        return _OK  # esclarecimentos prestados e não acolhidos: lavra-se o auto
    prazo = _prazo(regime, "comparecimento")
    vencimento = c.vencimentos.get(prazo)
    if vencimento is None:
        return _recusa(f"sem esclarecimentos prestados e sem o vencimento de {prazo}")
    if c.data_ato <= vencimento:
        return _recusa(
            f"prazo para prestar esclarecimentos em curso até {_data(vencimento)}: o auto só se "
            "lavra após esclarecimentos não acolhidos ou o fim desse prazo"
        )
    return _OK


def _prazo_defesa_encerrado(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    prazo = _prazo(regime, "defesa")
    vencimento = c.vencimentos.get(prazo)
    if vencimento is None:
        return _recusa(f"vencimento de {prazo} não informado")
    if c.data_ato <= vencimento:
        return _recusa(
            f"prazo de defesa em curso até {_data(vencimento)}: só há revelia depois do vencimento"
        )
    return _OK


def _nao_sobrestado(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.inquerito_acidente_pendente and not c.infracao_de_poluicao:
        return _recusa(
            "há inquérito de acidente ou fato da navegação aguardando a decisão final do "
            "Tribunal Marítimo: nenhuma sanção antes dela (LESTA art. 33, parágrafo único)",
            "inquerito_acidente_pendente",
        )
    return _OK


def _sobrestamento_cabivel(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if not c.inquerito_acidente_pendente:
        return _recusa(
            "não há inquérito de acidente ou fato da navegação pendente de decisão do "
            "Tribunal Marítimo",
            "inquerito_acidente_pendente",
        )
    if c.infracao_de_poluicao:
        return _recusa(
            "infração de poluição das águas: é a exceção do art. 33, parágrafo único, da LESTA "
            "e não se sobrestá",
            "infracao_de_poluicao",
        )
    return _OK


def _prazos_de_recurso_encerrados(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    for etapa in ("recurso", "recurso_final"):
        vencimento = c.vencimentos.get(_prazo(regime, etapa))
        if vencimento is not None and c.data_ato <= vencimento:
            return _recusa(
                f"prazo de {etapa.replace('_', ' ')} em curso até {_data(vencimento)}: "
                "a decisão ainda pode ser recorrida"
            )
    return _OK


def _prazo_pagamento_vencido_sem_pagamento(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.multa_paga:
        return _recusa("a multa já foi paga", "multa_paga")
    prazo = _prazo(regime, "pagamento")
    vencimento = c.vencimentos.get(prazo)
    if vencimento is None:
        return _recusa(f"vencimento de {prazo} não informado")
    if c.data_ato <= vencimento:
        return _recusa(f"prazo de pagamento em curso até {_data(vencimento)}")
    return _OK


def _sinalizar_se_fora_do_prazo(sinal: str) -> FuncaoGuarda:
    def avaliar(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
        if t.prazo_do_ato is None:
            return _OK
        vencimento = c.vencimentos.get(t.prazo_do_ato)
        if vencimento is not None and c.data_ato > vencimento:
            return Avaliacao(
                True, f"{t.prazo_do_ato} venceu em {_data(vencimento)}", None, (sinal,)
            )
        return _OK

    return avaliar


GUARDAS: Final[Mapping[str, Guarda]] = {
    g.nome: g
    for g in (
        Guarda(
            "esclarecimentos_prestados_ou_prazo_comparecimento_encerrado",
            "condicao",
            "o notificado prestou esclarecimentos (não acolhidos) ou o prazo para prestá-los "
            "venceu sem comparecimento",
            _esclarecimentos_ou_comparecimento_encerrado,
        ),
        Guarda(
            "prazo_defesa_encerrado",
            "condicao",
            "a data do ato é posterior ao último dia do prazo de defesa",
            _prazo_defesa_encerrado,
        ),
        Guarda(
            "nao_sobrestado",
            "condicao",
            "não há inquérito de acidente ou fato da navegação aguardando o Tribunal Marítimo, "
            "ou a infração é de poluição das águas",
            _nao_sobrestado,
        ),
        Guarda(
            "sobrestamento_cabivel",
            "condicao",
            "há inquérito de acidente ou fato da navegação aguardando o Tribunal Marítimo e a "
            "infração não é de poluição das águas",
            _sobrestamento_cabivel,
        ),
        Guarda("multa_imposta", "condicao", "a penalidade em vigor inclui multa", _multa_imposta),
        Guarda(
            "multa_nao_imposta",
            "condicao",
            "a penalidade em vigor não inclui multa",
            _multa_nao_imposta,
        ),
        Guarda(
            "prazos_de_recurso_encerrados",
            "condicao",
            "nenhum prazo de recurso (1ª ou última instância) está em curso na data do ato",
            _prazos_de_recurso_encerrados,
        ),
        Guarda(
            "prazo_pagamento_vencido_sem_pagamento",
            "condicao",
            "o prazo de pagamento venceu e a multa não foi paga",
            _prazo_pagamento_vencido_sem_pagamento,
        ),
        Guarda(
            "flag_intempestivo_se_fora_do_prazo",
            "sinalizador",
            "nunca recusa; sinaliza `intempestivo` se a data do ato passa do vencimento do "
            "prazo do ato",
            _sinalizar_se_fora_do_prazo("intempestivo"),
        ),
        Guarda(
            "flag_prazo_extrapolado_se_fora_do_prazo",
            "sinalizador",
            "nunca recusa; sinaliza `prazo_extrapolado` se a decisão sai depois do vencimento "
            "(exige motivação)",
            _sinalizar_se_fora_do_prazo("prazo_extrapolado"),
        ),
    )
}


def avaliar_guarda(
    nome: str, transicao: Transicao, contexto: ContextoAto, regime: str
) -> Avaliacao:
    """Avalia uma guarda declarada; função pura dos fatos do contexto."""
    return GUARDAS[nome].avaliar(transicao, contexto, regime)


# --- Resultado e máquina --------------------------------------------------------------------


@dataclass(frozen=True)
class Resultado:
    """O que o ato faz ao processo, para o serviço gravar."""

    transicao: Transicao
    estado_origem: str
    estado_destino: str
    sinalizadores: tuple[str, ...]
    prazos_iniciados: tuple[str, ...]
    prazos_encerrados: tuple[str, ...]
    fundamentos: tuple[str, ...]


class Maquina:
    """Quadro de estados validado de um regime. Construa com `carregar_regime`."""

    def __init__(self, quadro: Quadro) -> None:
        self.quadro = quadro
        self.regime = quadro.regime
        self.nome = quadro.nome
        self.estado_inicial = quadro.estado_inicial
        self.estados: Mapping[str, Estado] = {e.id: e for e in quadro.estados}
        self.transicoes: tuple[Transicao, ...] = quadro.transicoes
        self._por_origem: dict[str, dict[str, Transicao]] = {e: {} for e in self.estados}
        self._por_tipo: dict[str, list[Transicao]] = {}
        for t in self.transicoes:
            self._por_tipo.setdefault(t.tipo_ato, []).append(t)
            for origem in _origens(t, self.estados):
                self._por_origem[origem].setdefault(t.tipo_ato, t)
        self._papeis_com_atos = frozenset(
            p for t in self.transicoes if not t.e_correcao for p in t.papeis
        )

    def estado(self, estado: str) -> Estado:
        try:
            return self.estados[estado]
        except KeyError:
            raise EntradaInvalida(
                f'estado desconhecido no regime {self.regime}: "{estado}"', campo="estado"
            ) from None

    def transicao(
        self, estado: str, tipo_ato: str, papel: str, *, corrige: str | None = None
    ) -> Transicao:
        """A transição que o ato dispara, ou `Conflito` (fora de ordem, papel errado).

        `corrige`: na `correcao`, o tipo do ato corrigido (quem pode corrigir é quem pode
        registrar aquele tipo de ato).
        """
        atual = self.estado(estado)
        _papel_conhecido(papel)
        candidatas = self._por_tipo.get(tipo_ato)
        if not candidatas:
            raise EntradaInvalida(f'tipo de ato desconhecido: "{tipo_ato}"', campo="tipo_ato")
        t = self._por_origem[estado].get(tipo_ato)
        if t is None:
            if atual.final:
                onde = f"o processo está encerrado ({atual.nome})"
            else:
                permitidos = sorted({o for c in candidatas for o in _origens(c, self.estados)})
                onde = "só cabe em " + ", ".join(f'"{o}"' for o in permitidos)
            raise Conflito(
                f'ato "{tipo_ato}" não é permitido no estado "{estado}"; {onde}',
                campo="tipo_ato",
                regra=candidatas[0].fonte.referencia(),
            )
        if t.e_correcao:
            self._verificar_correcao(t, papel, corrige)
        else:
            if corrige is not None:
                raise EntradaInvalida(
                    '"corrige" só se informa num ato de correção', campo="corrige"
                )
            if papel not in t.papeis:
                raise Conflito(
                    f'o papel {papel} não pode registrar "{tipo_ato}"; cabe a: '
                    + ", ".join(t.papeis),
                    campo="papel",
                    regra=t.fonte.referencia(),
                )
        return t

    def _verificar_correcao(self, t: Transicao, papel: str, corrige: str | None) -> None:
        if corrige is None:
            raise EntradaInvalida(f'"{t.tipo_ato}" exige o tipo do ato corrigido', campo="corrige")
        corrigidas = self._por_tipo.get(corrige)
        if not corrigidas or corrigidas[0].e_correcao:
            raise EntradaInvalida(
                f'tipo de ato corrigido desconhecido ou não corrigível: "{corrige}"',
                campo="corrige",
            )
        autores = sorted({p for c in corrigidas for p in c.papeis})
        if papel not in autores:
            raise Conflito(
                f'o papel {papel} não pode corrigir "{corrige}"; cabe a: ' + ", ".join(autores),
                campo="papel",
                regra=t.fonte.referencia(),
            )

    def origens(self, transicao: Transicao) -> list[str]:
        """Os estados de onde a transição parte (`@nao_finais` expandido)."""
        return _origens(transicao, self.estados)

    def atos_permitidos(self, estado: str, papel: str) -> list[Transicao]:
        """As transições que o papel pode disparar no estado, na ordem do quadro."""
        self.estado(estado)
        _papel_conhecido(papel)
        return [
            t
            for t in self._por_origem[estado].values()
            if (papel in self._papeis_com_atos if t.e_correcao else papel in t.papeis)
        ]

    def aplicar(
        self,
        estado: str,
        tipo_ato: str,
        papel: str,
        contexto: ContextoAto,
        *,
        corrige: str | None = None,
    ) -> Resultado:
        """Verifica ordem, papel e guardas; devolve destino, sinalizadores e prazos."""
        t = self.transicao(estado, tipo_ato, papel, corrige=corrige)
        sinalizadores: list[str] = []
        for nome in t.guardas:
            avaliacao = avaliar_guarda(nome, t, contexto, self.regime)
            if not avaliacao.permitido:
                raise Conflito(
                    f'ato "{tipo_ato}" recusado: {avaliacao.motivo}',
                    campo=avaliacao.campo,
                    regra=t.fonte.referencia(),
                )
            sinalizadores += [s for s in avaliacao.sinalizadores if s not in sinalizadores]
        destino = self._destino(t, estado, contexto)
        iniciados = [
            p.prazo
            for p in t.inicia
            if p.se is None or avaliar_guarda(p.se, t, contexto, self.regime).permitido
        ]
        if t.reinicia_prazos_do_destino:
            iniciados += [p for p in self.estados[destino].prazos if p not in iniciados]
        encerrados = list(t.encerra)
        if self.estados[destino].final:  # estado final: nenhum prazo continua correndo
            encerrados += sorted(p for p in contexto.vencimentos if p not in encerrados)
        return Resultado(
            transicao=t,
            estado_origem=estado,
            estado_destino=destino,
            sinalizadores=tuple(sinalizadores),
            prazos_iniciados=tuple(iniciados),
            prazos_encerrados=tuple(encerrados),
            fundamentos=t.fundamentos(),
        )

    def _destino(self, t: Transicao, estado: str, contexto: ContextoAto) -> str:
        if t.destino == MESMO:
            return estado
        if t.destino != ANTERIOR:
            return t.destino
        anterior = contexto.estado_anterior_ao_sobrestamento
        possiveis = _entradas(self.transicoes, self.estados).get(estado, set())
        if anterior is None or anterior not in possiveis:
            raise EntradaInvalida(
                f'estado anterior inválido para retornar de "{estado}": {anterior!r} '
                f"(possíveis: {', '.join(sorted(possiveis))})",
                campo="estado_anterior_ao_sobrestamento",
            )
        return anterior

    # --- documentação -----------------------------------------------------------------------

    def como_tabela_markdown(self) -> str:
        """O quadro em três tabelas (estados, transições, guardas), para docs/procedimento.md."""
        linhas = [
            f"**Estados** (regime `{self.regime}`; inicial: `{self.estado_inicial}`)",
            "",
            "| estado | nome | final | prazos em curso |",
            "| --- | --- | --- | --- |",
        ]
        for e in self.estados.values():
            linhas.append(
                _linha(f"`{e.id}`", e.nome, "sim" if e.final else "não", _codigos(e.prazos))
            )
        linhas += [
            "",
            "**Transições** (uma linha por tipo de ato)",
            "",
            "| ato | descrição | de | para | papéis | guardas | inicia | encerra | fundamento |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
        for t in self.transicoes:
            linhas.append(
                _linha(
                    f"`{t.tipo_ato}`",
                    t.nome,
                    "todo estado não final" if t.origens == (NAO_FINAIS,) else _codigos(t.origens),
                    _DESTINOS_ESPECIAIS.get(t.destino, f"`{t.destino}`"),
                    "quem pode registrar o ato corrigido" if t.e_correcao else ", ".join(t.papeis),
                    _guardas_celula(t),
                    _inicia_celula(t),
                    _codigos(t.encerra),
                    "; ".join(t.fundamentos()),
                )
            )
        usadas = sorted(
            {g for t in self.transicoes for g in t.guardas}
            | {p.se for t in self.transicoes for p in t.inicia if p.se}
        )
        linhas += [
            "",
            "**Guardas**",
            "",
            "| guarda | tipo | satisfeita quando |",
            "| --- | --- | --- |",
        ]
        for nome in usadas:
            g = GUARDAS[nome]
            rotulo = "condição" if g.tipo == "condicao" else "sinalizador"
            linhas.append(_linha(f"`{g.nome}`", rotulo, g.descricao))
        return "\n".join(linhas) + "\n"


_DESTINOS_ESPECIAIS: Final = {
    MESMO: "o mesmo estado",
    ANTERIOR: "estado anterior ao sobrestamento",
}


def _linha(*celulas: str) -> str:
    return "| " + " | ".join(c.replace("|", "\\|") for c in celulas) + " |"


def _codigos(itens: Iterable[str]) -> str:
    return ", ".join(f"`{i}`" for i in itens) or "—"


def _guardas_celula(t: Transicao) -> str:
    partes = []
    for nome in t.guardas:
        if GUARDAS[nome].tipo == "sinalizador" and t.prazo_do_ato:
            partes.append(f"`{nome}` (`{t.prazo_do_ato}`)")
        else:
            partes.append(f"`{nome}`")
    return ", ".join(partes) or "—"


def _inicia_celula(t: Transicao) -> str:
    partes = [f"`{p.prazo}`" + (f" se `{p.se}`" if p.se else "") for p in t.inicia]
    if t.reinicia_prazos_do_destino:
        partes.append("prazos do estado de retorno")
    return ", ".join(partes) or "—"


def _papel_conhecido(papel: str) -> None:
    if papel not in PAPEIS:
        raise EntradaInvalida(
            f'papel desconhecido: "{papel}" (papéis: {", ".join(PAPEIS)})', campo="papel"
        )


def _origens(t: Transicao, estados: Mapping[str, Estado]) -> list[str]:
    if t.origens == (NAO_FINAIS,):
        return [e.id for e in estados.values() if not e.final]
    return list(t.origens)


def _entradas(
    transicoes: Iterable[Transicao], estados: Mapping[str, Estado]
) -> dict[str, set[str]]:
    """Para cada estado, os estados de onde se chega a ele por uma transição comum."""
    entradas: dict[str, set[str]] = {}
    for t in transicoes:
        if t.destino in (MESMO, ANTERIOR):
            continue
        entradas.setdefault(t.destino, set()).update(o for o in _origens(t, estados))
    return entradas


# --- Validação do quadro --------------------------------------------------------------------


def validar_quadro(q: Quadro) -> list[str]:
    """Problemas do quadro, em português; lista vazia se ele é válido."""
    problemas: list[str] = []
    if not _IDENTIFICADOR.match(q.regime):
        problemas.append(f'regime com id inválido: "{q.regime}"')
    ids = [e.id for e in q.estados]
    estados = {e.id: e for e in q.estados}
    for repetido in sorted({i for i in ids if ids.count(i) > 1}):
        problemas.append(f'estado declarado mais de uma vez: "{repetido}"')
    for i in ids:
        if not _IDENTIFICADOR.match(i):
            problemas.append(f'estado com id inválido: "{i}"')
    inicial = estados.get(q.estado_inicial)
    if inicial is None:
        problemas.append(f'estado inicial inexistente: "{q.estado_inicial}"')
    elif inicial.final:
        problemas.append(f'estado inicial é final: "{q.estado_inicial}"')
    if not any(e.final for e in q.estados):
        problemas.append("nenhum estado final")

    prazos_validos = {_prazo(q.regime, etapa) for etapa in q.prazos}

    def prazo_ok(prazo: str, onde: str) -> None:
        if prazo not in prazos_validos:
            problemas.append(
                f'{onde}: prazo "{prazo}" não declarado (esperado prazo.{q.regime}.<etapa> '
                "com a etapa na lista `prazos`)"
            )

    for e in q.estados:
        for p in e.prazos:
            prazo_ok(p, f'estado "{e.id}"')

    referencias_quebradas = False
    vistos: dict[tuple[str, str], int] = {}
    iniciados: set[str] = set()
    for n, t in enumerate(q.transicoes):
        onde = f'transição "{t.tipo_ato}"'
        if not _IDENTIFICADOR.match(t.tipo_ato):
            problemas.append(f"{onde}: tipo de ato com id inválido")
        if NAO_FINAIS in t.origens and t.origens != (NAO_FINAIS,):
            problemas.append(f'{onde}: "{NAO_FINAIS}" não se combina com outras origens')
        elif t.origens != (NAO_FINAIS,):
            for o in t.origens:
                if o not in estados:
                    referencias_quebradas = True
                    problemas.append(f'{onde}: estado de origem inexistente "{o}"')
                elif estados[o].final:
                    problemas.append(f'{onde}: parte do estado final "{o}"')
        if t.destino not in estados and t.destino not in (MESMO, ANTERIOR):
            referencias_quebradas = True
            problemas.append(f'{onde}: estado de destino inexistente "{t.destino}"')
        if AUTOR_DO_ATO_CORRIGIDO in t.papeis and not t.e_correcao:
            problemas.append(f'{onde}: "{AUTOR_DO_ATO_CORRIGIDO}" deve ser o único papel')
        elif not t.e_correcao:
            for p in t.papeis:
                if p not in PAPEIS:
                    problemas.append(f'{onde}: papel desconhecido "{p}"')
                elif p in PAPEIS_SEM_ATOS:
                    problemas.append(f"{onde}: o papel {p} não registra atos")
        for g in t.guardas:
            if g not in GUARDAS:
                problemas.append(f'{onde}: guarda não declarada "{g}"')
            elif GUARDAS[g].tipo == "sinalizador" and t.prazo_do_ato is None:
                problemas.append(f'{onde}: a guarda "{g}" exige `prazo_do_ato`')
        for inicio in t.inicia:
            prazo_ok(inicio.prazo, onde)
            iniciados.add(inicio.prazo)
            se = inicio.se
            if se is not None and (se not in GUARDAS or GUARDAS[se].tipo != "condicao"):
                problemas.append(f'{onde}: condição "{se}" não é uma guarda de condição')
        for encerrado in t.encerra:
            prazo_ok(encerrado, onde)
        if t.prazo_do_ato is not None:
            prazo_ok(t.prazo_do_ato, onde)
            if t.prazo_do_ato not in t.encerra:
                problemas.append(f"{onde}: o prazo do ato deve estar entre os que ele encerra")
        for o in (o for o in _origens(t, estados) if o in estados):
            anterior = vistos.setdefault((o, t.tipo_ato), n)
            if anterior != n:
                problemas.append(f'dois atos "{t.tipo_ato}" partindo do estado "{o}"')
    for etapa in q.prazos:
        if _prazo(q.regime, etapa) not in iniciados:
            problemas.append(f'prazo "{_prazo(q.regime, etapa)}" declarado e nunca iniciado')
    if inicial is None or referencias_quebradas:
        return problemas  # o grafo só se examina com todas as pontas existentes
    return problemas + _problemas_do_grafo(q, estados)


def _problemas_do_grafo(q: Quadro, estados: Mapping[str, Estado]) -> list[str]:
    entradas = _entradas(q.transicoes, estados)
    arestas: dict[str, set[str]] = {e: set() for e in estados}
    for t in q.transicoes:
        for o in _origens(t, estados):
            if t.destino == MESMO:
                continue
            if t.destino == ANTERIOR:
                arestas[o] |= entradas.get(o, set())
            else:
                arestas[o].add(t.destino)
    problemas: list[str] = []
    alcancaveis = _alcance(q.estado_inicial, arestas)
    for e in estados:
        if e not in alcancaveis:
            problemas.append(f'estado inalcançável a partir de "{q.estado_inicial}": "{e}"')
    reverso: dict[str, set[str]] = {e: set() for e in estados}
    for o, destinos in arestas.items():
        for d in destinos:
            reverso[d].add(o)
    chegam_ao_fim: set[str] = set()
    for estado in estados.values():
        if estado.final:
            chegam_ao_fim |= _alcance(estado.id, reverso)
    for estado in estados.values():
        if estado.final:
            continue
        if not arestas[estado.id] - {estado.id}:
            problemas.append(f'estado não final sem saída: "{estado.id}"')
        elif estado.id not in chegam_ao_fim:
            problemas.append(f'estado não final que não leva a nenhum estado final: "{estado.id}"')
    for t in q.transicoes:
        if t.destino == ANTERIOR:
            for o in _origens(t, estados):
                if not entradas.get(o):
                    problemas.append(
                        f'transição "{t.tipo_ato}": "{ANTERIOR}" a partir de "{o}", '
                        "aonde nenhuma transição leva"
                    )
    return problemas


def _alcance(inicio: str, arestas: Mapping[str, set[str]]) -> set[str]:
    vistos = {inicio}
    fila = deque([inicio])
    while fila:
        for proximo in arestas.get(fila.popleft(), set()):
            if proximo not in vistos:
                vistos.add(proximo)
                fila.append(proximo)
    return vistos


# --- Carregamento ---------------------------------------------------------------------------


def montar_maquina(dados: Mapping[str, Any], *, origem: str) -> Maquina:
    """Valida os dados de um quadro e constrói a máquina; `DadosNormativosInvalidos` se não."""
    try:
        quadro = Quadro.model_validate(dados)
    except ValidationError as e:
        raise DadosNormativosInvalidos(f"{origem}: quadro malformado: {e}") from e
    problemas = validar_quadro(quadro)
    if problemas:
        raise DadosNormativosInvalidos(
            f"{origem}: quadro de estados inválido:\n" + "\n".join(f"- {p}" for p in problemas)
        )
    return Maquina(quadro)


def carregar_arquivo(caminho: Path) -> Maquina:
    """Carrega e valida um quadro de um arquivo qualquer (testes, regimes em preparo)."""
    try:
        dados = yaml.safe_load(caminho.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as e:
        raise DadosNormativosInvalidos(f"{caminho}: {e}") from e
    if not isinstance(dados, dict):
        raise DadosNormativosInvalidos(f"{caminho}: esperado um mapa no topo")
    return montar_maquina(dados, origem=str(caminho))


def regimes_disponiveis() -> list[str]:
    return sorted(p.stem.removeprefix("procedimento_") for p in DADOS.glob("procedimento_*.yaml"))


@cache
def carregar_regime(regime: str) -> Maquina:
    """A máquina do regime (`lesta`, ...), carregada e validada uma vez."""
    if not _IDENTIFICADOR.match(regime) or regime not in regimes_disponiveis():
        raise EntradaInvalida(
            f'regime sem quadro de procedimento: "{regime}" (disponíveis: '
            f"{', '.join(regimes_disponiveis())})",
            campo="regime",
        )
    nome = f"procedimento_{regime}.yaml"
    maquina = montar_maquina(ler_yaml(nome), origem=nome)
    if maquina.regime != regime:
        raise DadosNormativosInvalidos(f'{nome}: declara o regime "{maquina.regime}"')
    return maquina
