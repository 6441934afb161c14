"""A máquina de um regime: ordem, papéis, guardas, destino e prazos de cada ato."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from farol.domain.papeis import PAPEIS, nome_do_papel
from farol.domain.procedimento.guardas import ContextoAto, avaliar_guarda
from farol.domain.procedimento.quadro import (
    ANTERIOR,
    MESMO,
    Estado,
    Marca,
    PrazoIniciado,
    Quadro,
    Transicao,
    origens_de,
    retornos_de,
)
from farol.erros import Conflito, DadosNormativosInvalidos, EntradaInvalida

CIENCIA: Final = "ciencia"
"""A marca dos atos que registram a ciência do interessado (a comunicação de outro ato)."""


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
    contados_do_vencimento: tuple[tuple[str, str], ...] = ()
    """(prazo iniciado, o prazo de cujo vencimento ele conta), dos `inicia` cuja condição
    valeu: o mesmo prazo pode contar do vencimento de outro numa norma e da data do ato noutra."""


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
        self._retornos = retornos_de(self.transicoes, self.estados)
        self._tipos_por_marca = {
            m: tuple(dict.fromkeys(t.tipo_ato for t in self.transicoes if m in t.marcas))
            for m in self.marcas
        }
        self._tipos_com: dict[str, tuple[str, ...]] = {}
        """`tipos_com` de cada marca já pedida (o registro de um ato pergunta dezenas de vezes)."""
        self.prorrogacoes: Mapping[str, str] = {
            p.contado_do_vencimento_de: p.prazo
            for t in self.transicoes
            for p in t.inicia
            if p.prorroga and p.contado_do_vencimento_de is not None
        }
        """O prazo prorrogado -> o prazo que o prorroga (`inicia` com `prorroga`)."""

    def prazos_do_ato(self, t: Transicao) -> tuple[str, ...]:
        """O `prazo_do_ato` e os que o prorrogam, na ordem: o ato observa o que estiver em
        curso (o inquérito prorrogado se conclui no prazo da prorrogação, NORMAM-07 item 0320)."""
        prazos: list[str] = []
        prazo = t.prazo_do_ato
        while prazo is not None and prazo not in prazos:
            prazos.append(prazo)
            prazo = self.prorrogacoes.get(prazo)
        return tuple(prazos)

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

    def _declarada_aqui(self, marca: str, alvo: str) -> bool:
        """Se o quadro declara a marca. Marca que nenhum regime declara é erro (nome errado no
        código); a que outro regime declara e este não, apenas não tem atos ou estados aqui."""
        if marca in self.marcas:
            self.marca(marca, alvo)
            return True
        if marca in Maquina.marcas_dos_regimes():
            return False
        self.marca(marca, alvo)  # levanta: nenhum regime a declara
        return False

    @staticmethod
    def marcas_dos_regimes() -> frozenset[str]:
        """As marcas declaradas por algum regime; `carregar` instala a função que as lê."""
        return frozenset()

    def transicao_do_tipo(self, tipo_ato: str) -> Transicao | None:
        """A primeira transição declarada do tipo (o nome e as fontes do ato, fora de um
        estado); None se o quadro não tem o tipo."""
        declaradas = self._por_tipo.get(tipo_ato)
        return declaradas[0] if declaradas else None

    def nome_do_ato(self, tipo_ato: str) -> str:
        """O nome do tipo de ato no quadro (o id, se o quadro não o tem)."""
        t = self.transicao_do_tipo(tipo_ato)
        return t.nome if t is not None else tipo_ato

    def tipos_com(self, marca: str) -> tuple[str, ...]:
        """Os tipos de ato com a marca, na ordem do quadro (nenhum, se o regime não a usa)."""
        tipos = self._tipos_com.get(marca)
        if tipos is None:  # a marca que nenhum regime declara levanta sempre (não se guarda)
            tipos = self._tipos_por_marca[marca] if self._declarada_aqui(marca, "ato") else ()
            self._tipos_com[marca] = tipos
        return tipos

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
        """Os estados com a marca, na ordem do quadro (nenhum, se o regime não a usa)."""
        if not self._declarada_aqui(marca, "estado"):
            return ()
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

    def tipos_que_levam_a(self, tipo_ato: str) -> tuple[str, ...]:
        """Os tipos de ato que põem o processo num estado de onde `tipo_ato` parte (pelo destino
        declarado; "@mesmo", "@anterior" e as correções não contam), na ordem do quadro. Para
        uma ciência, os atos que ela comunica: a lavratura, na ciência do auto; a decisão, na
        ciência da decisão."""
        origens = {o for t in self._por_tipo.get(tipo_ato, ()) for o in origens_de(t, self.estados)}
        return tuple(
            dict.fromkeys(
                t.tipo_ato
                for t in self.transicoes
                if not t.e_correcao and origens.intersection(t.destinos)
            )
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

    def nome_do_estado(self, estado: str) -> str:
        """Para mensagens: '"Auto de Infração lavrado, aguardando ciência do infrator"', o nome
        do quadro entre aspas (há nomes com vírgula e ponto e vírgula), sem o id interno: quem
        lê a recusa, na página ou na API, conhece o estado pelo nome."""
        e = self.estados.get(estado)
        return f'"{e.nome if e else estado}"'

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
                onde = "o processo está encerrado"
            else:
                origens = {o for c in candidatas for o in origens_de(c, self.estados)}
                permitidos = [e for e in self.estados if e in origens]  # na ordem do quadro
                onde = "só cabe em " + " ou ".join(self.nome_do_estado(o) for o in permitidos)
            raise Conflito(
                f"o ato {_nome_do_ato(candidatas[0])} não cabe no estado "
                f"{self.nome_do_estado(estado)}; {onde}",
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
                    f"o papel {nome_do_papel(papel)} não pode registrar o ato {_nome_do_ato(t)}; "
                    "cabe a: " + ", ".join(nome_do_papel(p) for p in t.papeis),
                    campo="papel",
                    regra=t.fonte.referencia(),
                )
        return t

    def _verificar_correcao(self, t: Transicao, papel: str, corrige: str | None) -> None:
        if corrige is None:
            raise EntradaInvalida(
                f"o ato {_nome_do_ato(t)} exige o tipo do ato corrigido", campo="corrige"
            )
        corrigidas = self._por_tipo.get(corrige)
        if not corrigidas or corrigidas[0].e_correcao:
            raise EntradaInvalida(
                f'tipo de ato corrigido desconhecido ou não corrigível: "{corrige}"',
                campo="corrige",
            )
        autores = sorted({p for c in corrigidas for p in c.papeis})
        if papel not in autores:
            raise Conflito(
                f"o papel {nome_do_papel(papel)} não pode corrigir o ato "
                f"{_nome_do_ato(corrigidas[0])}; cabe a: "
                + ", ".join(nome_do_papel(p) for p in autores),
                campo="papel",
                regra=t.fonte.referencia(),
            )

    def origens(self, transicao: Transicao) -> list[str]:
        """Os estados de onde a transição parte (`@nao_finais` expandido)."""
        return origens_de(transicao, self.estados)

    def nomes_dos_atos(self, atos: Sequence[tuple[str, Mapping[str, Any]]]) -> list[str | None]:
        """O nome de cada ato registrado (`(tipo, dados)`, na ordem), pela transição que ele
        disparou: o mesmo tipo tem nomes diferentes conforme o estado em que foi registrado (o
        pagamento com recurso pendente, o efeito suspensivo em última instância). Refaz o
        caminho do estado inicial; onde o destino dependeu de uma condição, o estado seguinte é
        o único dos destinos possíveis em que o próximo ato cabe. Sem como saber o estado, o
        nome da primeira transição do tipo; None para o ato que não é transição (do sistema)."""
        estado: str | None = self.estado_inicial
        anterior: str | None = None  # o estado guardado ao sobrestar
        nomes: list[str | None] = []
        for n, (tipo, dados) in enumerate(atos):
            candidatas = self._por_tipo.get(tipo)
            if not candidatas:
                nomes.append(None)
                continue
            t = (self._por_origem.get(estado, {}).get(tipo) if estado else None) or candidatas[0]
            nomes.append(t.nome)
            if dados.get("estado_anterior"):
                anterior = str(dados["estado_anterior"])
            possiveis = {
                (estado if d == MESMO else anterior if d == ANTERIOR else d) for d in t.destinos
            }
            possiveis.discard(None)
            seguinte = next((x for x, _ in atos[n + 1 :] if x in self._por_tipo), None)
            if len(possiveis) > 1 and seguinte is not None:
                possiveis = {e for e in possiveis if e and seguinte in self._por_origem.get(e, {})}
            estado = possiveis.pop() if len(possiveis) == 1 else None
        return nomes

    def prazos_que_a_ciencia_abre(
        self, *, de_estado: str | None = None, comunica: str | None = None
    ) -> tuple[tuple[Transicao, PrazoIniciado, str], ...]:
        """Os prazos deste regime que a ciência ainda não dada abrirá contados dela (não do
        vencimento de outro prazo), cada um com a transição de ciência (marca `ciencia`) e a
        etapa (`prazo.<regime>.<etapa>`): as ciências que partem do estado `de_estado` (a
        consulta do interessado), ou as que comunicam o ato `comunica` (a decisão em PDF emitida
        antes da ciência). A condição `se` de cada prazo fica para quem chama avaliar."""
        prefixo = f"prazo.{self.regime}."
        return tuple(
            (t, i, i.prazo.removeprefix(prefixo))
            for t in self.transicoes
            if CIENCIA in t.marcas
            and (de_estado is None or de_estado in origens_de(t, self.estados))
            and (comunica is None or comunica in self.tipos_que_levam_a(t.tipo_ato))
            for i in t.inicia
            if i.contado_do_vencimento_de is None and i.prazo.startswith(prefixo)
        )

    def arquivamentos(self, estado: str) -> tuple[Transicao, ...]:
        """Os atos que, do `estado`, levam a um estado final sem penalidade (marca
        `sem_penalidade`): o arquivamento dos autos que cabe ali, na ordem do quadro."""
        arquivo = set(self.estados_com("sem_penalidade")) & set(self.estados_finais())
        return tuple(
            t for t in self._por_origem[estado].values() if arquivo.intersection(t.destinos)
        )

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
        if contexto.prorrogacoes != self.prorrogacoes:
            contexto = replace(contexto, prorrogacoes=self.prorrogacoes)
        sinalizadores: list[str] = []
        for nome in t.guardas:
            avaliacao = avaliar_guarda(nome, t, contexto, self.regime)
            if not avaliacao.permitido:
                raise Conflito(
                    f"o ato {_nome_do_ato(t)} foi recusado: {avaliacao.motivo}",
                    campo=avaliacao.campo,
                    regra=avaliacao.regra or t.fonte.referencia(),
                )
            sinalizadores += [s for s in avaliacao.sinalizadores if s not in sinalizadores]
        destino = self._destino(t, estado, contexto)
        entradas = [
            p
            for p in t.inicia
            if p.se is None or avaliar_guarda(p.se, t, contexto, self.regime).permitido
        ]
        iniciados = [p.prazo for p in entradas]
        if t.reinicia_prazos_do_destino:
            iniciados += [p for p in self.estados[destino].prazos if p not in iniciados]
        encerrados = list(t.encerra)
        # estado final, ou que encerra os prazos (a dívida ativa): nenhum prazo continua correndo
        if self.estados[destino].final or self.estados[destino].encerra_prazos:
            encerrados += sorted(p for p in contexto.vencimentos if p not in encerrados)
        return Resultado(
            transicao=t,
            estado_origem=estado,
            estado_destino=destino,
            sinalizadores=tuple(sinalizadores),
            prazos_iniciados=tuple(iniciados),
            prazos_encerrados=tuple(encerrados),
            fundamentos=t.fundamentos(),
            contados_do_vencimento=tuple(
                (p.prazo, p.contado_do_vencimento_de)
                for p in entradas
                if p.contado_do_vencimento_de is not None
            ),
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
        possiveis = self._retornos.get(estado, set())
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


def _nome_do_ato(t: Transicao) -> str:
    """Para mensagens: '"Recurso em 1ª instância, dirigido ao Capitão dos Portos"', sem o id."""
    return f'"{t.nome}"'


def _papel_conhecido(papel: str) -> None:
    if papel not in PAPEIS:
        raise EntradaInvalida(
            f'papel desconhecido: "{papel}" (papéis: {", ".join(PAPEIS)})', campo="papel"
        )
