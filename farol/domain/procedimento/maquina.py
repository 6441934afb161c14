"""A máquina de um regime: ordem, papéis, guardas, destino e prazos de cada ato."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from farol.domain.papeis import PAPEIS
from farol.domain.procedimento.guardas import ContextoAto, avaliar_guarda
from farol.domain.procedimento.quadro import (
    ANTERIOR,
    MESMO,
    Estado,
    Quadro,
    Transicao,
    entradas_de,
    origens_de,
)
from farol.erros import Conflito, EntradaInvalida


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
            for origem in origens_de(t, self.estados):
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
                permitidos = sorted({o for c in candidatas for o in origens_de(c, self.estados)})
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
        return origens_de(transicao, self.estados)

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
        possiveis = entradas_de(self.transicoes, self.estados).get(estado, set())
        if anterior is None or anterior not in possiveis:
            raise EntradaInvalida(
                f'estado anterior inválido para retornar de "{estado}": {anterior!r} '
                f"(possíveis: {', '.join(sorted(possiveis))})",
                campo="estado_anterior_ao_sobrestamento",
            )
        return anterior

    def como_tabela_markdown(self) -> str:
        """O quadro em três tabelas (estados, transições, guardas), para docs/procedimento.md."""
        from farol.domain.procedimento.tabela import tabela_markdown

        return tabela_markdown(self)


def _papel_conhecido(papel: str) -> None:
    if papel not in PAPEIS:
        raise EntradaInvalida(
            f'papel desconhecido: "{papel}" (papéis: {", ".join(PAPEIS)})', campo="papel"
        )
