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
    Marca,
    Quadro,
    Transicao,
    entradas_de,
    origens_de,
)
from farol.erros import Conflito, DadosNormativosInvalidos, EntradaInvalida


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
        self.marcas: Mapping[str, Marca] = {m.id: m for m in quadro.marcas}
        self._tipos_por_marca = {
            m: tuple(dict.fromkeys(t.tipo_ato for t in self.transicoes if m in t.marcas))
            for m in self.marcas
        }

    # --- o vocabulário: marcas, documentos, correção ------------------------------------------

    def marca(self, marca: str, alvo: str | None = None) -> Marca:
        """A marca declarada no quadro; não declarada (ou de outro alvo): erro nos dados."""
        m = self.marcas.get(marca)
        if m is None or (alvo is not None and m.alvo != alvo):
            raise DadosNormativosInvalidos(
                f"marca{' de ' + alvo if alvo else ''} não declarada no quadro do regime "
                f'{self.regime}: "{marca}"'
            )
        return m

    def tipos_com(self, marca: str) -> tuple[str, ...]:
        """Os tipos de ato com a marca, na ordem do quadro."""
        self.marca(marca, "ato")
        return self._tipos_por_marca[marca]

    def tem_marca(self, tipo_ato: str, marca: str) -> bool:
        return tipo_ato in self.tipos_com(marca)

    def tipo_com(self, marca: str) -> str:
        """O único tipo de ato com a marca (ex.: o ato que abre o processo)."""
        tipos = self.tipos_com(marca)
        if len(tipos) != 1:
            raise DadosNormativosInvalidos(
                f'regime {self.regime}: esperado um só tipo de ato com a marca "{marca}", '
                f"há {len(tipos)}"
            )
        return tipos[0]

    def papeis_que_registram(self, marca: str) -> tuple[str, ...]:
        """Os papéis que registram os atos com a marca, na ordem do quadro."""
        tipos = self.tipos_com(marca)
        return tuple(
            dict.fromkeys(p for t in self.transicoes if t.tipo_ato in tipos for p in t.papeis)
        )

    def estados_com(self, marca: str) -> tuple[str, ...]:
        """Os estados com a marca, na ordem do quadro."""
        self.marca(marca, "estado")
        return tuple(e.id for e in self.estados.values() if marca in e.marcas)

    def estados_finais(self) -> tuple[str, ...]:
        return tuple(e.id for e in self.estados.values() if e.final)

    def e_correcao(self, tipo_ato: str) -> bool:
        """O ato corrige outro (`@autor_do_ato_corrigido`)."""
        return any(t.e_correcao for t in self._por_tipo.get(tipo_ato, ()))

    def tipos_que_materializam(self, documento: str) -> tuple[str, ...]:
        """Os tipos de ato cujo registro o documento materializa, na ordem do quadro."""
        return tuple(
            dict.fromkeys(t.tipo_ato for t in self.transicoes if documento in t.documentos)
        )

    def efeitos_sobre(self, documento: str) -> dict[str, str]:
        """Tipo de ato posterior -> como ele muda o efeito do documento já emitido."""
        return {
            t.tipo_ato: e.efeito
            for t in self.transicoes
            for e in t.altera_efeito_de
            if e.documento == documento
        }

    # --- ordem, papéis e guardas ---------------------------------------------------------------

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
        for condicional in t.destino_se:
            if avaliar_guarda(condicional.se, t, contexto, self.regime).permitido:
                return estado if condicional.destino == MESMO else condicional.destino
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
