"""O procedimento administrativo como quadro de estados declarado em dados: os modelos.

O quadro de cada regime está em `farol/normas/dados/procedimento_<regime>.yaml`: estados,
transições (uma por tipo de ato e estado de origem), papéis que registram cada ato, guardas
nomeadas, prazos que o ato abre e fecha, e a citação de cada transição. Este módulo o carrega
uma vez, valida o grafo ao carregar e responde, sem I/O:

- `Maquina.transicao(estado, tipo_ato, papel)` — a transição, ou `Conflito` em português;
- `Maquina.atos_permitidos(estado, papel)` — o que aquele papel pode registrar agora;
- `Maquina.aplicar(estado, tipo_ato, papel, contexto)` — avalia as guardas sobre um
  `ContextoAto` (datas, vencimentos, multa, sobrestamento) e devolve o `Resultado`: estado de
  destino (o primeiro de `destino_se` cuja condição vale, ou `destino`), sinalizadores
  (`intempestivo`, `prazo_extrapolado`) e prazos abertos e fechados;
- `Maquina.tipos_com(marca)`, `estados_com(marca)`, `tipos_que_materializam(documento)`,
  `efeitos_sobre(documento)` — o vocabulário: as categorias de atos e de estados (marcas
  declaradas no quadro, com citação) e os documentos de cada ato, que os serviços consultam
  em vez de listar tipos de ato ou estados em código;
- `Maquina.como_tabela_markdown()` — o quadro em tabelas, copiado em docs/procedimento.md.

As guardas registram, não bloqueiam, o que a autoridade é quem decide: um recurso fora do
prazo é aceito e sinalizado `intempestivo` (quem não o conhece é a autoridade, Lei 9.784/1999
art. 63, I). Recusam só o que a norma proíbe ao sistema: revelia antes do fim do prazo de
defesa, sanção antes da decisão do Tribunal Marítimo (LESTA art. 33, parágrafo único),
dívida ativa sem multa vencida. As escolhas de interpretação estão em docs/procedimento.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from farol.normas.citacao import Citacao

# Marcadores do esquema (não são estados nem papéis).
NAO_FINAIS: Final = "@nao_finais"
ANTERIOR: Final = "@anterior"
MESMO: Final = "@mesmo"
AUTOR_DO_ATO_CORRIGIDO: Final = "@autor_do_ato_corrigido"
ABRE_PROCESSO_SANCIONADOR: Final = "abre_processo_sancionador"
"""A marca do ato que abre outro processo, ligado a este; o regime dele é o `abre_regime`."""

IDENTIFICADOR = re.compile(r"^[a-z][a-z0-9_]*$")


# --- Modelos do quadro ----------------------------------------------------------------------


class _Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Marca(_Modelo):
    """Uma categoria de atos ou de estados que os serviços consultam (`Maquina.tipos_com`,
    `Maquina.estados_com`), declarada no quadro com o seu significado e a sua citação."""

    id: str
    alvo: Literal["ato", "estado"]
    descricao: str = Field(min_length=1)
    fontes: tuple[Citacao, ...] = Field(min_length=1)
    meios: tuple[str, ...] = ()
    """Na marca de ciência: os meios de comunicação do ato admitidos."""


class Estado(_Modelo):
    id: str
    nome: str
    final: bool
    prazos: tuple[str, ...] = ()
    """Prazos que correm enquanto o processo está neste estado."""
    encerra_prazos: bool = False
    """Não final, mas nenhum prazo da OM continua correndo ao entrar nele (como num final): a
    dívida ativa, cuja cobrança é da PGFN até a baixa."""
    marcas: tuple[str, ...] = ()


class PrazoIniciado(_Modelo):
    prazo: str
    se: str | None = None
    """Nome de uma guarda de condição: o prazo só se abre se ela for satisfeita."""
    contado_do_vencimento_de: str | None = None
    """Outro prazo: este se conta do vencimento dele, não da data do ato."""
    prorroga: bool = False
    """Este prazo prorroga o `contado_do_vencimento_de` (que o mesmo ato encerra): o ato cujo
    `prazo_do_ato` é o prorrogado observa, dali em diante, o vencimento deste."""


class EfeitoSobreDocumento(_Modelo):
    """Um documento já emitido cujo efeito o ato muda, e como (mostrado na verificação)."""

    documento: str
    efeito: str = Field(min_length=1)


class DestinoCondicional(_Modelo):
    """Um destino que vale quando a guarda de condição `se` é satisfeita na data do ato."""

    se: str
    destino: str


class Transicao(_Modelo):
    tipo_ato: str
    nome: str
    origens: tuple[str, ...] = Field(min_length=1)
    destino: str
    destino_se: tuple[DestinoCondicional, ...] = ()
    """Destinos condicionais, avaliados em ordem antes de `destino` (o destino se nenhuma
    condição é satisfeita)."""
    papeis: tuple[str, ...] = Field(min_length=1)
    guardas: tuple[str, ...] = ()
    inicia: tuple[PrazoIniciado, ...] = ()
    encerra: tuple[str, ...] = ()
    prazo_do_ato: str | None = None
    reinicia_prazos_do_destino: bool = False
    marcas: tuple[str, ...] = ()
    documentos: tuple[str, ...] = ()
    """Documentos oficiais que materializam o ato (tipos de `farol.pdf.dados.TipoDocumento`)."""
    altera_efeito_de: tuple[EfeitoSobreDocumento, ...] = ()
    abre_regime: str | None = None
    """O regime do processo que este ato abre, ligado a este pela origem (`Processo.origem_id`):
    obrigatório no ato com a marca `abre_processo_sancionador` e só nele. A conclusão da
    apuração e do inquérito abre o procedimento da LESTA ou o ambiental (NORMAM-401 item 1.2 b
    e c). O ato abre o processo pelo ato de abertura do regime aberto."""
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

    @property
    def destinos(self) -> tuple[str, ...]:
        """Todos os destinos possíveis: os condicionais e o destino padrão."""
        return (*(d.destino for d in self.destino_se), self.destino)


class Quadro(_Modelo):
    """O arquivo `procedimento_<regime>.yaml`, tal como declarado."""

    regime: str
    nome: str
    fontes: tuple[Citacao, ...] = Field(min_length=1)
    estado_inicial: str
    prazos: tuple[str, ...]
    pessoa: str = "Autuado"
    """Como as páginas chamam a pessoa do processo: o autuado (LESTA, poluição), o investigado
    (apuração), o indiciado (inquérito, NORMAM-07 item 0318 c), o responsável (custódia)."""
    abre_sem_inspecao: bool = False
    """O procedimento se abre pelo pedido `POST /procedimentos` (apuração, inquérito, auto de
    infração por poluição), e não pela inspeção."""
    sustacao_por_debito: bool = False
    """A multa não paga deste regime é "débito decorrente de infração desta Lei" (LESTA art. 20):
    põe a pessoa em débito e susta os atos de interesse dela até a quitação. As multas de outro
    fundamento (a poluição, Lei 9.966/2000 e Decreto 4.136/2002) aparecem na situação da pessoa
    só como informação, com o seu fundamento (o da marca `sem_debito` do regime)."""
    marcas: tuple[Marca, ...] = ()
    estados: tuple[Estado, ...] = Field(min_length=1)
    transicoes: tuple[Transicao, ...] = Field(min_length=1)


def id_prazo(regime: str, etapa: str) -> str:
    return f"prazo.{regime}.{etapa}"


def origens_de(t: Transicao, estados: Mapping[str, Estado]) -> list[str]:
    if t.origens == (NAO_FINAIS,):
        return [e.id for e in estados.values() if not e.final]
    return list(t.origens)


def entradas_de(
    transicoes: Iterable[Transicao], estados: Mapping[str, Estado]
) -> dict[str, set[str]]:
    """Para cada estado, os estados de onde se chega a ele por uma transição comum."""
    entradas: dict[str, set[str]] = {}
    for t in transicoes:
        for destino in t.destinos:
            if destino in (MESMO, ANTERIOR):
                continue
            entradas.setdefault(destino, set()).update(o for o in origens_de(t, estados))
    return entradas


def retornos_de(
    transicoes: Iterable[Transicao], estados: Mapping[str, Estado]
) -> dict[str, set[str]]:
    """Para cada estado de onde parte uma transição "@anterior", os estados a que ela pode
    voltar: os de onde se entra no desvio. O desvio são os estados de onde parte uma transição
    "@anterior" (o sobrestado e o sobrestamento levantado à espera da ciência do interessado):
    de um deles se volta aos estados de onde se chega a ele, ou ao primeiro do desvio."""
    transicoes = tuple(transicoes)
    entradas = entradas_de(transicoes, estados)
    desvio = {o for t in transicoes if t.destino == ANTERIOR for o in origens_de(t, estados)}
    retornos: dict[str, set[str]] = {}
    for estado in desvio:
        vistos, pilha, fora = {estado}, [estado], set()
        while pilha:
            for x in entradas.get(pilha.pop(), set()):
                if x not in desvio:
                    fora.add(x)
                elif x not in vistos:
                    vistos.add(x)
                    pilha.append(x)
        retornos[estado] = fora
    return retornos
